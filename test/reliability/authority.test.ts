/**
 * Authority through the real commands: GM commands sent by a plain member (Discord's command
 * permissions are only a default an admin may change, and the fake does not enforce them: exactly
 * that case), players acting on another's Protagonist, components pressed by someone else, and
 * another guild's data reached through ids, autocomplete and history. Each is refused privately
 * and changes nothing.
 */
import { InteractionResponseType, MessageFlags } from "discord.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { InteractionHandle } from "../support/fake-discord/index.js";
import { OTHER_PLAYER, PLAYER, STRANGER, startTable, type Table } from "./support/table.js";

let table: Table;

beforeAll(async () => {
  table = await startTable({ seed: 5 });
});

afterAll(async () => {
  await table.stop();
});

const hero = () => {
  const first = table.protagonists[0];
  if (first === undefined) throw new Error("the table has PLAYER's Protagonist");
  return first;
};

const isEphemeral = (flags: number | undefined): boolean =>
  ((flags ?? 0) & MessageFlags.Ephemeral) !== 0;

/** Answered privately with a reason, and the database unchanged. */
async function refusedPrivately(send: () => InteractionHandle, reason: RegExp): Promise<void> {
  const before = table.checksum();
  const response = await send().response();
  await table.bot.dispatcher.drain(5_000);
  expect(isEphemeral(response.data?.flags), JSON.stringify(response.data)).toBe(true);
  expect(response.data?.content).toMatch(reason);
  expect(table.checksum()).toBe(before);
}

async function choicesOf(send: () => InteractionHandle): Promise<string> {
  const response = await send().response();
  expect(response.type).toBe(InteractionResponseType.ApplicationCommandAutocompleteResult);
  return JSON.stringify(response.data?.choices ?? []);
}

const GM_ONLY = /GM|Manage Server/;
const NOT_YOURS = /not yours|player or a GM/;

describe("GM commands sent by a plain member", () => {
  it.each([
    ["campaign settings", { subcommand: "settings", options: { era: "future" } }],
    [
      "campaign gm add",
      { subcommandGroup: "gm", subcommand: "add", options: { user: STRANGER.id } },
    ],
    ["campaign bind", { subcommand: "bind", options: {} }],
    [
      "campaign downtime replenish",
      { subcommandGroup: "downtime", subcommand: "replenish", options: {} },
    ],
  ] as const)("%s is refused", async (_name, call) => {
    await refusedPrivately(
      () => table.bot.fake.sendSlashCommand({ name: "campaign", user: OTHER_PLAYER, ...call }),
      GM_ONLY,
    );
  });

  it("a session end is refused when confirmed by a plain member", async () => {
    const { fake } = table.bot;
    await refusedPrivately(
      () =>
        fake.sendButton({
          user: OTHER_PLAYER,
          customId: `campaign:end:${table.campaignId}:1`,
        }),
      GM_ONLY,
    );
  });

  it.each([
    ["resources lose", { name: "resources", subcommand: "lose", options: { amount: 1 } }],
    ["resources replenish", { name: "resources", subcommand: "replenish", options: {} }],
    ["san all", { name: "san", options: { loss: "1/1", threat: "unnatural", all: true } }],
  ] as const)("%s is refused", async (_name, call) => {
    await refusedPrivately(
      () => table.bot.fake.sendSlashCommand({ user: PLAYER, ...call }),
      GM_ONLY,
    );
  });
});

describe("a player acting on another player's Protagonist", () => {
  it.each([
    ["hp damage", { name: "hp", subcommand: "damage", options: { amount: "1" } }],
    ["wp damage", { name: "wp", subcommand: "damage", options: { amount: "1" } }],
    [
      "bond add",
      { name: "bond", subcommand: "add", options: { name: "Stolen", kind: "individual" } },
    ],
    ["san", { name: "san", options: { loss: "1/1", threat: "unnatural" } }],
    ["roll skill", { name: "roll", options: { skill: "Occult" } }],
    ["resources test", { name: "resources", subcommand: "test", options: { where: "at-hand" } }],
  ] as const)("%s is refused", async (_name, call) => {
    const options = { ...call.options, protagonist: hero().id };
    await refusedPrivately(
      () => table.bot.fake.sendSlashCommand({ ...call, options, user: OTHER_PLAYER }),
      NOT_YOURS,
    );
  });

  it("undo of another player's change is refused", async () => {
    const { fake } = table.bot;
    await fake
      .sendSlashCommand({
        name: "hp",
        subcommand: "damage",
        user: PLAYER,
        options: { amount: "1" },
      })
      .response();
    await table.bot.dispatcher.drain(5_000);
    const event = await table.prisma.event.findFirst({
      where: { kind: "hp" },
      orderBy: { id: "desc" },
    });
    await refusedPrivately(
      () =>
        fake.sendSlashCommand({
          name: "undo",
          user: OTHER_PLAYER,
          options: { event: event?.id ?? 0 },
        }),
      /someone else's change/,
    );
  });
});

describe("components pressed by someone else", () => {
  it("an undo prompt's Confirm is its requester's", async () => {
    const event = await table.prisma.event.findFirst({
      where: { kind: "hp" },
      orderBy: { id: "desc" },
    });
    await refusedPrivately(
      () =>
        table.bot.fake.sendButton({
          user: OTHER_PLAYER,
          customId: `undo:confirm:${PLAYER.id}:${event?.id ?? 0}`,
        }),
      /belong to whoever ran/,
    );
  });

  it("a history page's buttons are their requester's", async () => {
    await refusedPrivately(
      () =>
        table.bot.fake.sendButton({
          user: OTHER_PLAYER,
          customId: `history:older:${PLAYER.id}:-:999`,
        }),
      /belong to whoever ran/,
    );
  });

  it("a SAN result's Bond menu is its player's or a GM's", async () => {
    const { fake } = table.bot;
    const test = fake.sendSlashCommand({
      name: "san",
      user: PLAYER,
      options: { loss: "1/1", threat: "unnatural" },
    });
    await test.response();
    await table.bot.dispatcher.drain(5_000);
    const event = await table.prisma.event.findFirst({
      where: { kind: "san-test" },
      orderBy: { id: "desc" },
    });
    const bond = hero().bonds[0];
    await refusedPrivately(
      () =>
        fake.sendSelect({
          user: OTHER_PLAYER,
          customId: `san:bond:${event?.id ?? 0}`,
          values: [bond?.id ?? ""],
        }),
      /for .*'s player or a GM/,
    );
  });
});

describe("another guild's data", () => {
  const elsewhere = () => ({ user: PLAYER, guildId: table.otherGuildId });

  it("is not offered by autocomplete", async () => {
    const { fake } = table.bot;
    const names = await choicesOf(() =>
      fake.sendAutocomplete({
        ...elsewhere(),
        name: "roll",
        options: { protagonist: "" },
        focused: "protagonist",
      }),
    );
    expect(names).not.toContain(hero().id);
    expect(names).not.toContain(hero().name);
    const skills = await choicesOf(() =>
      fake.sendAutocomplete({
        ...elsewhere(),
        name: "roll",
        options: { protagonist: hero().id, skill: "" },
        focused: "skill",
      }),
    );
    expect(skills).toBe("[]");
    const events = await choicesOf(() =>
      fake.sendAutocomplete({
        ...elsewhere(),
        name: "undo",
        options: { event: 1 },
        focused: "event",
      }),
    );
    expect(events).toBe("[]");
  });

  it("is not found by id, in the history or on a sheet", async () => {
    const { fake } = table.bot;
    await refusedPrivately(
      () =>
        fake.sendSlashCommand({
          ...elsewhere(),
          name: "history",
          options: { protagonist: hero().id },
        }),
      /not found in this server|no longer exists — pick one from the list/,
    );
    await refusedPrivately(
      () =>
        fake.sendSlashCommand({
          ...elsewhere(),
          name: "bond",
          subcommand: "list",
          options: { protagonist: hero().id },
        }),
      /not found in this server|no longer exists — pick one from the list/,
    );
    await refusedPrivately(
      () =>
        fake.sendSlashCommand({
          ...elsewhere(),
          name: "hp",
          subcommand: "damage",
          options: { amount: "1", protagonist: hero().id },
        }),
      /not found in this server|no longer exists — pick one from the list/,
    );
  });

  it("shows nothing of this guild in the other guild's history", async () => {
    const response = await table.bot.fake
      .sendSlashCommand({ ...elsewhere(), name: "history", options: { public: false } })
      .response();
    const shown = JSON.stringify(response.data);
    expect(shown).not.toContain(hero().name);
    expect(shown).not.toContain("Night Floors");
  });
});
