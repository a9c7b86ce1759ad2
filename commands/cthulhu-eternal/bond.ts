import { serviceRefusalText } from "../../src/games/cthulhu-eternal/presentation/service-refusals.js";
import type { APIEmbed, ChatInputCommandInteraction, JSONEncodable } from "discord.js";
import { actorFrom } from "../../src/core/discord/actor.js";
import type { CommandModule, SubcommandHandler } from "../../src/games/cthulhu-eternal/command.js";
import { subcommandTable } from "../../src/core/discord/subcommands.js";
import { userText } from "../../src/core/discord/format.js";
import {
  bondChoices,
  protagonistChoices,
} from "../../src/games/cthulhu-eternal/presentation/autocomplete.js";
import {
  bondChangeEmbed,
  bondLine,
  bondListEmbed,
  bondName,
} from "../../src/games/cthulhu-eternal/presentation/bonds.js";
import { protagonistIdOption } from "../../src/games/cthulhu-eternal/discord/protagonist-option.js";
import {
  repressionEmbed,
  sanTestEmbed,
} from "../../src/games/cthulhu-eternal/presentation/sanity.js";
import { reactionRow } from "../../src/games/cthulhu-eternal/presentation/sanity-components.js";
import {
  BROKEN_BOND_ACTIONS,
  brokenBondRows,
  brokenBondsOf,
  type BrokenBondChoice,
} from "../../src/games/cthulhu-eternal/presentation/broken-bond.js";
import { brokenBondPressed, brokenBondSubmitted } from "./bond/broken-bond.js";
import type { BotServices } from "../../src/games/cthulhu-eternal/game.js";
import type { Actor } from "../../src/games/cthulhu-eternal/services/index.js";
import { UserError } from "../../src/core/discord/user-facing-error.js";
import { definition } from "./bond/definition.js";

/** What every subcommand shares: who acts, on which Protagonist, and the roller's name. */
interface Call {
  interaction: ChatInputCommandInteraction;
  services: BotServices;
  actor: Actor;
  protagonistId: string | null;
  roller: string;
}

type Subcommand = (call: Call) => Promise<{
  embed: JSONEncodable<APIEmbed>;
  temporaryInsanityOf?: number;
  /** The GM's Helplessness SAN test for each Bond the change broke. */
  brokenBonds?: { eventId: number; bonds: BrokenBondChoice[] };
}>;

const subcommands = {
  list: async ({ services, actor, protagonistId }) => ({
    embed: bondListEmbed(await services.bonds.list({ actor, protagonistId })),
  }),

  add: async ({ interaction, services, actor, protagonistId, roller }) => {
    const score = interaction.options.getInteger("score");
    const added = await services.bonds.add({
      actor,
      protagonistId,
      name: interaction.options.getString("name"),
      kind: interaction.options.getString("kind") === "community" ? "community" : "individual",
      ...(score === null ? {} : { score }),
      fellowId: await protagonistIdOption(interaction, services, actor, "fellow"),
    });
    return {
      embed: bondChangeEmbed({
        title: "🤝 New Bond",
        who: added.protagonist.name,
        bond: added.bond,
        lines: [bondLine(added.bond)],
        roller,
        eventId: added.eventId,
      }),
    };
  },

  erase: async ({ interaction, services, actor, protagonistId, roller }) => {
    const erased = await services.bonds.erase({
      actor,
      protagonistId,
      bondId: await bondIdOf(interaction, services, actor, protagonistId),
    });
    return {
      embed: bondChangeEmbed({
        title: "Bond erased",
        who: erased.protagonist.name,
        bond: erased.bond,
        lines: [
          `${bondName(erased.bond)} (${erased.bond.status}) is struck from the sheet to make room. \`/undo\` brings it back.`,
        ],
        roller,
        eventId: erased.eventId,
      }),
    };
  },

  damage: async ({ interaction, services, actor, protagonistId, roller }) => {
    const raw = interaction.options.getString("amount", true).trim();
    const damaged = await services.bonds.damage({
      actor,
      protagonistId,
      bondId: await bondIdOf(interaction, services, actor, protagonistId),
      amount: /^\d+$/.test(raw) ? Number(raw) : raw,
    });
    const how = damaged.rolled === null ? `−${damaged.amount}` : `1D4 = **${damaged.rolled}**`;
    const lines = [
      `${bondName(damaged.bond)} ${damaged.change.before} → **${damaged.change.after}** (${how})`,
    ];
    if (damaged.broke) {
      lines.push(
        `💔 **Broken**: crossed off, but it stays on the sheet. Losing a Bond is traumatic: the GM may call for a Helplessness SAN test for **${userText(damaged.protagonist.name)}** (the button below).`,
      );
    }
    return {
      embed: bondChangeEmbed({
        title: damaged.broke ? "💔 Bond broken" : "Bond damaged",
        who: damaged.protagonist.name,
        bond: damaged.bond,
        lines,
        roller,
        eventId: damaged.eventId,
      }),
      ...(damaged.broke
        ? { brokenBonds: { eventId: damaged.eventId, bonds: [damaged.bond] } }
        : {}),
    };
  },

  improve: async ({ interaction, services, actor, protagonistId, roller }) => {
    const improved = await services.bonds.improve({
      actor,
      protagonistId,
      bondId: await bondIdOf(interaction, services, actor, protagonistId),
      amount: interaction.options.getInteger("amount", true),
    });
    const lines = [
      `${bondName(improved.bond)} ${improved.change.before} → **${improved.change.after}** (+${improved.gained})`,
    ];
    if (improved.capped) {
      const cap = improved.bond.kind === "individual" ? "CHA" : "the community maximum";
      lines.push(
        `Capped at ${improved.bond.max} (${cap}): asked +${improved.requested}, gained +${improved.gained}.`,
      );
    }
    return {
      embed: bondChangeEmbed({
        title: "Bond improved",
        who: improved.protagonist.name,
        bond: improved.bond,
        lines,
        roller,
        eventId: improved.eventId,
      }),
    };
  },

  destroy: async ({ interaction, services, actor, protagonistId, roller }) => {
    const why = interaction.options.getString("why");
    const destroyed = await services.bonds.destroy({
      actor,
      protagonistId,
      bondId: await bondIdOf(interaction, services, actor, protagonistId),
      why,
    });
    return {
      embed: bondChangeEmbed({
        title: "Bond destroyed",
        who: destroyed.protagonist.name,
        bond: destroyed.bond,
        lines: [
          `${bondName(destroyed.bond)} is destroyed${why ? ` (${userText(why, 200)})` : ""}: crossed off with its last score, kept on the sheet.`,
        ],
        roller,
        eventId: destroyed.eventId,
      }),
      brokenBonds: { eventId: destroyed.eventId, bonds: [destroyed.bond] },
    };
  },

  project: async ({ interaction, services, actor, protagonistId, roller }) => {
    // Projecting needs nothing changed since the test, so only the latest one can be projected.
    const latest = await services.sanity.latestSanTest({ actor, protagonistId });
    if (latest.projectionRefusal !== null) {
      throw new UserError(
        `${serviceRefusalText(latest.projectionRefusal)} (Only a Protagonist's latest SAN test can be projected, before anything else changes.)`,
      );
    }
    const projected = await services.sanity.project({
      actor,
      eventId: latest.eventId,
      bondId: await bondIdOf(interaction, services, actor, protagonistId),
    });
    return {
      embed: sanTestEmbed({
        who: projected.protagonist.name,
        result: projected.result,
        roller,
        eventId: latest.eventId,
        projectionEventId: projected.eventId,
        conditions: projected.conditions,
      }),
      ...(projected.result.temporaryInsanity ? { temporaryInsanityOf: latest.eventId } : {}),
      brokenBonds: { eventId: projected.eventId, bonds: brokenBondsOf(projected.result.events) },
    };
  },

  repress: async ({ interaction, services, actor, protagonistId, roller }) => {
    const repressed = await services.sanity.repress({
      actor,
      protagonistId,
      bondId: await bondIdOf(interaction, services, actor, protagonistId),
      episode: interaction.options.getString("episode"),
    });
    return {
      embed: repressionEmbed({
        who: repressed.protagonist.name,
        result: repressed.result,
        roller,
        eventId: repressed.eventId,
        conditions: repressed.conditions,
      }),
      brokenBonds: { eventId: repressed.eventId, bonds: brokenBondsOf(repressed.result.events) },
    };
  },
} satisfies Record<string, Subcommand>;

/**
 * The `bond` option holds a Bond id when picked from autocomplete; a name typed in full (or one
 * that matches a single Bond) is accepted too. Anything else goes on, and the service says
 * "not found".
 */
async function bondIdOf(
  interaction: ChatInputCommandInteraction,
  services: BotServices,
  actor: Actor,
  protagonistId: string | null,
): Promise<string> {
  const value = interaction.options.getString("bond", true).trim();
  const matches = await services.protagonists.bondsOf({
    actor,
    protagonistId,
    query: value,
    includeBroken: true,
  });
  const exact = matches.find((b) => b.name.toLowerCase() === value.toLowerCase());
  const only = matches.length === 1 ? matches[0] : undefined;
  return exact?.id ?? only?.id ?? value;
}

/** Runs one subcommand and answers with its embed and whatever buttons it brings. */
const answered =
  (subcommand: Subcommand): SubcommandHandler =>
  async (interaction, { reply, services }) => {
    const { embed, temporaryInsanityOf, brokenBonds } = await subcommand({
      interaction,
      services,
      actor: actorFrom(interaction),
      protagonistId: interaction.options.getString("protagonist"),
      roller: interaction.user.displayName,
    });
    await reply.send({
      embeds: [embed],
      components: [
        ...(temporaryInsanityOf === undefined ? [] : [reactionRow(temporaryInsanityOf)]),
        ...(brokenBonds ? brokenBondRows(brokenBonds.eventId, brokenBonds.bonds) : []),
      ],
    });
  };

/** Each subcommand once: its handler and whether it writes. */
export const BOND_SUBCOMMANDS = subcommandTable({
  list: { run: answered(subcommands.list) },
  add: { run: answered(subcommands.add), writes: true },
  damage: { run: answered(subcommands.damage), writes: true },
  improve: { run: answered(subcommands.improve), writes: true },
  destroy: { run: answered(subcommands.destroy), writes: true },
  erase: { run: answered(subcommands.erase), writes: true, gmOnly: true },
  project: { run: answered(subcommands.project), writes: true },
  repress: { run: answered(subcommands.repress), writes: true },
});

export const bondCommand: CommandModule = {
  definition,
  writes: { subcommands: BOND_SUBCOMMANDS.writing, components: [BROKEN_BOND_ACTIONS.form] },
  gmOnly: BOND_SUBCOMMANDS.gmOnly,
  execute: BOND_SUBCOMMANDS.execute,
  buttons: { [BROKEN_BOND_ACTIONS.test]: brokenBondPressed },
  modals: { [BROKEN_BOND_ACTIONS.form]: brokenBondSubmitted },
  autocomplete: async (interaction, { services }) => {
    const focused = interaction.options.getFocused(true);
    if (focused.name === "protagonist" || focused.name === "fellow") {
      return protagonistChoices(interaction, services, focused.value);
    }
    // Only crossed-off Bonds can be erased; only standing ones damaged, improved, destroyed,
    // projected onto or drawn on.
    if (focused.name === "bond") {
      const erasing = interaction.options.getSubcommand() === "erase";
      return bondChoices(
        interaction,
        services,
        focused.value,
        erasing ? "crossed-off" : "standing",
      );
    }
    return [];
  },
};
