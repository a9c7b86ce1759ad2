/**
 * Fuzzing the real dispatcher with the real command modules and services: fast-check generates
 * interactions a careless or hostile user (or a stale Discord client) could send — wrong option
 * types, missing and unknown options, oversized strings, control characters and unicode, huge
 * numbers, unknown and other-guild ids, stale or forged custom ids, components pressed by someone
 * else — and each must be answered (privately and clearly when refused) without a crash, an
 * unhandled rejection, an error log, a raw mention, a token in the logs, validator or parser
 * wording in a refusal, or any change to the database when refused.
 *
 * STRESS=1 (npm run test:stress) runs many more cases.
 */
import {
  ApplicationCommandOptionType,
  InteractionResponseType,
  MessageFlags,
  PermissionFlagsBits,
  type APIApplicationCommand,
  type APIApplicationCommandInteractionDataBasicOption,
  type APIApplicationCommandInteractionDataOption,
  type APIApplicationCommandOption,
} from "discord.js";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { commands } from "../../commands/cthulhu-eternal/index.js";
import { definitionJson } from "../../src/core/discord/command.js";
import { messages } from "../../src/core/discord/messages.js";
import { TEST_TOKEN } from "../core/discord/support/in-process-bot.js";
import type { InteractionHandle } from "../support/fake-discord/index.js";
import {
  FOREIGN_USER_ID,
  anyNumber,
  hostileText,
  hugeInteger,
  rawMentionIn,
} from "./support/hostile.js";
import { outgoingMessages } from "./support/outgoing.js";
import { machineWordingIn } from "./support/wording.js";
import { OTHER_PLAYER, PLAYER, STRANGER, startTable, type Table } from "./support/table.js";

const STRESS = process.env.STRESS !== undefined && process.env.STRESS !== "";
const RUNS = STRESS ? 1_500 : 60;
/**
 * The suite's 60 cases come from one seed: with fresh ones, about one run in twenty drew no valid
 * slash command at all and failed the check below that both outcomes were exercised. The stress
 * run draws new cases every time.
 */
const SEED = STRESS ? undefined : 20261130;

let table: Table;
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown): void => {
  unhandled.push(reason);
};

beforeAll(async () => {
  process.on("unhandledRejection", onUnhandled);
  table = await startTable();
});

afterAll(async () => {
  process.off("unhandledRejection", onUnhandled);
  await table.stop();
});

type RawOption = APIApplicationCommandInteractionDataOption;
type LeafOption = APIApplicationCommandInteractionDataBasicOption;
type Gen = fc.GeneratorValue;

/** Ids a user could paste: this guild's, the other guild's, and nonsense. */
function idPool(): string[] {
  return [
    ...table.protagonists.map((p) => p.id),
    ...table.protagonists.flatMap((p) => p.bonds.map((b) => b.id)),
    table.foreign.id,
    ...table.foreign.bonds.map((b) => b.id),
    table.campaignId,
    table.otherCampaignId,
    table.guildId,
    table.otherGuildId,
    FOREIGN_USER_ID,
    "cm0000000000000000000000a",
    "1",
    "0",
    "-1",
    "99999999999999999999999",
  ];
}

/** One of the items (typed, unlike `g(fc.constantFrom, …)`). */
function pick<T>(g: Gen, items: readonly T[]): T {
  return g(() => fc.constantFrom(...items));
}

/** True with probability p. */
function chance(g: Gen, p: number): boolean {
  // Unbiased: fast-check favours edge values (0, tiny numbers), which would skew every chance.
  return g(() => fc.noBias(fc.integer({ min: 0, max: 9_999 }))) < p * 10_000;
}

function text(g: Gen): string {
  return g(() => fc.oneof(hostileText(), fc.constantFrom(...idPool())));
}

/** A value of the given type, or (wrongType) of any type. */
function valueFor(
  g: Gen,
  type: ApplicationCommandOptionType,
  option?: APIApplicationCommandOption,
) {
  const choices =
    option !== undefined && "choices" in option && option.choices !== undefined
      ? option.choices.map((choice) => choice.value)
      : [];
  if (choices.length > 0 && chance(g, 0.5)) return pick(g, choices);
  switch (type) {
    case ApplicationCommandOptionType.String:
      return text(g);
    case ApplicationCommandOptionType.Integer:
      return g(hugeInteger);
    case ApplicationCommandOptionType.Number:
      return g(anyNumber);
    case ApplicationCommandOptionType.Boolean:
      return chance(g, 0.5);
    default:
      return pick(g, [...idPool(), PLAYER.id, FOREIGN_USER_ID]);
  }
}

const LEAF_TYPES = [
  ApplicationCommandOptionType.String,
  ApplicationCommandOptionType.Integer,
  ApplicationCommandOptionType.Number,
  ApplicationCommandOptionType.Boolean,
  ApplicationCommandOptionType.User,
  ApplicationCommandOptionType.Attachment,
];

function leafOptions(
  g: Gen,
  defined: readonly APIApplicationCommandOption[],
  focus: boolean,
): LeafOption[] {
  const options: LeafOption[] = [];
  for (const option of defined) {
    const include = option.required === true ? chance(g, 0.95) : chance(g, 0.5);
    if (!include) continue;
    // A stale client sends an option as an older definition typed it; Discord itself always
    // sends a value of the type it declares.
    const staleType = chance(g, 0.05);
    const type = staleType ? pick(g, LEAF_TYPES) : option.type;
    options.push({ name: option.name, type, value: valueFor(g, type, option) } as LeafOption);
  }
  if (chance(g, 0.1)) {
    options.push({
      name: text(g).slice(0, 32),
      type: ApplicationCommandOptionType.String,
      value: text(g),
    });
  }
  if (focus && options.length > 0) {
    const index = g(() => fc.nat({ max: options.length - 1 }));
    const chosen = options[index];
    if (chosen !== undefined && chance(g, 0.9)) {
      // What the user has typed so far: always a string, whatever the option's type.
      options[index] = { ...chosen, value: text(g), focused: true } as LeafOption;
    }
  }
  return options;
}

/** Options shaped by the registered command (sometimes with no or an unknown subcommand). */
function rawOptions(g: Gen, command: APIApplicationCommand, focus: boolean): RawOption[] {
  const top = command.options ?? [];
  const nested = top.filter(
    (o) =>
      o.type === ApplicationCommandOptionType.Subcommand ||
      o.type === ApplicationCommandOptionType.SubcommandGroup,
  );
  if (nested.length === 0) return leafOptions(g, top, focus);
  const roll = g(() => fc.noBias(fc.integer({ min: 0, max: 99 }))) / 100;
  if (roll < 0.05) return [];
  if (roll < 0.1)
    return [{ name: "no-such-sub", type: ApplicationCommandOptionType.Subcommand, options: [] }];
  const picked = pick(g, nested);
  if (picked.type === ApplicationCommandOptionType.Subcommand) {
    return [
      {
        name: picked.name,
        type: picked.type,
        options: leafOptions(g, picked.options ?? [], focus),
      },
    ];
  }
  const subs = picked.options ?? [];
  if (subs.length === 0) return [];
  const sub = pick(g, subs);
  return [
    {
      name: picked.name,
      type: picked.type,
      options: [
        { name: sub.name, type: sub.type, options: leafOptions(g, sub.options ?? [], focus) },
      ],
    },
  ];
}

/** Component custom ids: real routes with forged or stale arguments, and garbage. */
function componentRoutes(): {
  command: string;
  kind: "button" | "select" | "modal";
  action: string;
}[] {
  return commands.flatMap((module) => {
    const command = definitionJson(module.definition).name;
    return [
      ...Object.keys(module.buttons ?? {}).map((action) => ({
        command,
        kind: "button" as const,
        action,
      })),
      ...Object.keys(module.selectMenus ?? {}).map((action) => ({
        command,
        kind: "select" as const,
        action,
      })),
      ...Object.keys(module.modals ?? {}).map((action) => ({
        command,
        kind: "modal" as const,
        action,
      })),
    ];
  });
}

function customIdFor(g: Gen, route: { command: string; action: string }): string {
  const args = g(() =>
    fc.array(
      fc.oneof(fc.constantFrom(...idPool()), fc.nat({ max: 60 }).map(String), hostileText()),
      { maxLength: 4 },
    ),
  );
  return [route.command, route.action, ...args].join(":").slice(0, 100);
}

interface Who {
  user: { id: string; username: string } | string;
  memberPermissions?: bigint;
  guildId?: string;
}

function who(g: Gen): Who {
  const roll = g(() => fc.nat({ max: 9 }));
  if (roll === 0) return { user: table.gmId };
  if (roll === 1) return { user: STRANGER, memberPermissions: PermissionFlagsBits.ManageGuild };
  if (roll === 2) return { user: PLAYER, guildId: table.otherGuildId };
  return { user: pick(g, [PLAYER, OTHER_PLAYER, STRANGER]) };
}

type Kind = "slash" | "autocomplete" | "button" | "select" | "modal";

function sendOne(g: Gen): { kind: Kind; handle: InteractionHandle; description: string } {
  const registered = table.bot.fake.commands(table.guildId);
  const kinds: readonly Kind[] = [
    "slash",
    "slash",
    "slash",
    "autocomplete",
    "button",
    "button",
    "select",
    "modal",
  ];
  const kind = pick(g, kinds);
  const actor = who(g);
  const fake = table.bot.fake;
  if (kind === "slash" || kind === "autocomplete") {
    const command = pick(g, registered);
    const options = rawOptions(g, command, kind === "autocomplete");
    const init = { ...actor, name: command.name, options };
    const handle =
      kind === "slash"
        ? fake.sendSlashCommand(init)
        : fake.sendAutocomplete({ ...init, focused: "" });
    return {
      kind,
      handle,
      description: `${kind} /${command.name} ${JSON.stringify(options).slice(0, 400)}`,
    };
  }
  const routes = componentRoutes();
  const route = routes.length > 0 && chance(g, 0.85) ? pick(g, routes) : undefined;
  const customId = route === undefined ? text(g).slice(0, 100) || "x" : customIdFor(g, route);
  if (kind === "button") {
    return {
      kind,
      handle: fake.sendButton({ ...actor, customId }),
      description: `button ${customId}`,
    };
  }
  if (kind === "select") {
    const values = g(() =>
      fc.array(fc.oneof(fc.constantFrom(...idPool()), hostileText()), {
        minLength: 1,
        maxLength: 3,
      }),
    );
    return {
      kind,
      handle: fake.sendSelect({ ...actor, customId, values }),
      description: `select ${customId} ${JSON.stringify(values)}`,
    };
  }
  const fields = Object.fromEntries(
    g(() =>
      fc.array(
        fc.tuple(fc.constantFrom("name", "notes", "value", "json", "amount", "why"), hostileText()),
        { maxLength: 3 },
      ),
    ),
  );
  return {
    kind,
    handle: fake.sendModalSubmit({ ...actor, customId, fields }),
    description: `modal ${customId} ${JSON.stringify(fields).slice(0, 300)}`,
  };
}

const isEphemeral = (flags: number | undefined): boolean =>
  ((flags ?? 0) & MessageFlags.Ephemeral) !== 0;

const expiredMessages: readonly string[] = Object.values(messages.expired);

/** How often each kind of interaction ended each way: proof the fuzz reaches the handlers. */
const tallies = new Map<string, number>();
const tally = (key: string): void => {
  tallies.set(key, (tallies.get(key) ?? 0) + 1);
};

describe("fuzzed interactions through the real dispatcher", () => {
  it(
    `answers ${RUNS} hostile interactions without a crash, a raw mention or a change when refused`,
    async () => {
      const { bot } = table;
      await fc.assert(
        fc.asyncProperty(fc.gen(), async (g) => {
          const before = table.checksum();
          const requestMark = bot.fake.requestMark();
          const logMark = bot.logs.lines.length;
          const rawMark = bot.logs.raw.length;
          const { kind, handle, description } = sendOne(g);
          const response = await handle.response();
          expect(await bot.dispatcher.drain(10_000), description).toBe(true);
          const lines = bot.logs.lines.slice(logMark);

          const written = bot.logs.raw.slice(rawMark).join("");
          expect(written, description).not.toContain(handle.token);
          expect(written, description).not.toContain(TEST_TOKEN);
          const errors = lines.filter((line) => (line.level ?? 0) >= 50);
          expect(errors, description).toEqual([]);
          expect(unhandled, description).toEqual([]);

          const sent = outgoingMessages(bot.fake.requests, requestMark);
          for (const message of sent) {
            expect(message.allowedMentions, description).toEqual({ parse: [] });
            for (const { text, rendering } of message.texts) {
              if (rendering !== "rich") continue; // titles and footers never render mentions
              expect(rawMentionIn(text), `${description}\n→ ${text}`).toBeUndefined();
            }
          }

          if (kind === "autocomplete") {
            tally(
              `autocomplete: ${(response.data?.choices?.length ?? 0) > 0 ? "choices" : "empty"}`,
            );
            expect(response.type, description).toBe(
              InteractionResponseType.ApplicationCommandAutocompleteResult,
            );
            expect(table.checksum(), description).toBe(before);
            return;
          }
          const done = lines.find(
            (line) => line.msg === "interaction done" && line.interactionId === handle.id,
          );
          tally(`${kind}: ${typeof done?.outcome === "string" ? done.outcome : "none"}`);
          expect(done?.outcome, description).not.toBe("error");
          const content = response.data?.content ?? "";
          const refused = done?.outcome === "refused" || expiredMessages.includes(content);
          if (refused) {
            const answers = [response.data, ...handle.followUps()];
            const privateAnswer = answers.find(
              (answer) => isEphemeral(answer?.flags) && (answer?.content ?? "") !== "",
            );
            expect(privateAnswer, `${description}: a refusal is answered privately`).toBeDefined();
            const said = privateAnswer?.content ?? "";
            expect(machineWordingIn(said), `${description}\n→ ${said}`).toBeUndefined();
            expect(table.checksum(), `${description}: a refusal changes nothing`).toBe(before);
          }
        }),
        { numRuns: RUNS, endOnFailure: true, ...(SEED === undefined ? {} : { seed: SEED }) },
      );
      if (STRESS) console.info(Object.fromEntries([...tallies].sort()));
      expect(tallies.get("slash: ok") ?? 0).toBeGreaterThan(0);
      expect(tallies.get("slash: refused") ?? 0).toBeGreaterThan(0);
    },
    STRESS ? 600_000 : 60_000,
  );
});
