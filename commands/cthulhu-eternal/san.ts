import { serviceRefusalText } from "../../src/games/cthulhu-eternal/presentation/service-refusals.js";
import {
  MessageFlags,
  Routes,
  type AnySelectMenuInteraction,
  type ButtonInteraction,
} from "discord.js";
import { actorFrom } from "../../src/core/discord/actor.js";
import type { CommandModule, ComponentContext } from "../../src/games/cthulhu-eternal/command.js";
import { protagonistChoices } from "../../src/games/cthulhu-eternal/presentation/autocomplete.js";
import {
  brokenBondRows,
  brokenBondsOf,
} from "../../src/games/cthulhu-eternal/presentation/broken-bond.js";
import { sanTestEmbed } from "../../src/games/cthulhu-eternal/presentation/sanity.js";
import {
  currentGroupEntries,
  freshGroupEntries,
  sanGroupMessage,
} from "../../src/games/cthulhu-eternal/presentation/sanity-group.js";
import {
  alreadyReacted,
  bondMenuRows,
  episodeEndedAnnouncement,
  REACTION_LABEL,
  REACTIONS,
  reactionAnnouncement,
  reactionRow,
  SAN_ACTIONS,
  sanResultRows,
  type GroupMessageRef,
  type GroupRef,
  type Reaction,
} from "../../src/games/cthulhu-eternal/presentation/sanity-components.js";
import { noMentions, type Reply } from "../../src/core/discord/reply.js";
import type { BotServices } from "../../src/games/cthulhu-eternal/game.js";
import { userText } from "../../src/core/discord/format.js";
import { UserError } from "../../src/core/discord/user-facing-error.js";
import type { ThreatType } from "../../src/games/cthulhu-eternal/rules/types.js";
import { isServiceError, type Actor } from "../../src/games/cthulhu-eternal/services/index.js";
import type { SanTestStatus } from "../../src/games/cthulhu-eternal/services/sanity-queries.js";
import { definition, threatOf } from "./san/definition.js";

/** The sanity service tests at most this many Protagonists at once. */
const MAX_GROUP = 25;

export const sanCommand: CommandModule = {
  definition,
  // The test, and the Bond chosen to project onto; the other buttons only open menus or narrate.
  writes: {
    command: true,
    components: [SAN_ACTIONS.bond, SAN_ACTIONS.react, SAN_ACTIONS.endEpisode],
  },
  execute: async (interaction, { reply, services }) => {
    const actor = actorFrom(interaction);
    const request: SanRequest = {
      actor,
      loss: interaction.options.getString("loss", true),
      threat: threatOf(interaction),
      source: interaction.options.getString("source"),
      corrupting: interaction.options.getBoolean("corrupting") ?? false,
    };
    const protagonistId = interaction.options.getString("protagonist");
    const roller = interaction.user.displayName;
    if (interaction.options.getBoolean("all") ?? false) {
      if (protagonistId !== null) {
        throw new UserError(
          "Give `all` (every active Protagonist) or `protagonist` (one), not both.",
        );
      }
      await groupTest(reply, services, request);
      return;
    }
    const [outcome] = await services.sanity.sanTest({
      ...request,
      protagonistIds: protagonistId ? [protagonistId] : [],
    });
    if (!outcome) throw new Error("the SAN test returned no outcome");
    await reply.send({
      embeds: [
        sanTestEmbed({
          who: outcome.protagonist.name,
          result: outcome.result,
          roller,
          eventId: outcome.eventId,
          conditions: outcome.conditions,
        }),
      ],
      components: [
        ...sanResultRows({
          eventId: outcome.eventId,
          projectable: outcome.result.projectable,
          temporaryInsanity: outcome.result.temporaryInsanity,
        }),
        ...brokenBondRows(outcome.eventId, brokenBondsOf(outcome.result.events)),
      ],
    });
  },
  autocomplete: async (interaction, { services }) => {
    const focused = interaction.options.getFocused(true);
    if (focused.name === "protagonist") {
      return protagonistChoices(interaction, services, focused.value);
    }
    return [];
  },
  buttons: {
    [SAN_ACTIONS.project]: async (interaction, context) => {
      const status = await pressable(interaction, context);
      if (status.projectionRefusal !== null)
        throw new UserError(serviceRefusalText(status.projectionRefusal));
      await context.reply.edit({
        components: [
          ...bondMenuRows(status.eventId, status.bonds),
          ...sanResultRows({ ...episodeOf(status), projectable: false }),
        ],
      });
    },
    [SAN_ACTIONS.cancel]: async (interaction, context) => {
      const status = await pressable(interaction, context);
      await context.reply.edit({ components: rowsFor(status) });
    },
    [SAN_ACTIONS.react]: async (interaction, context) => {
      const status = await pressable(interaction, context);
      const reaction = REACTIONS.find((r) => r === context.args[1]);
      if (!reaction) throw new UserError(OUT_OF_DATE);
      const outcome = await context.services.sanity.react({
        actor: actorFrom(interaction),
        eventId: status.eventId,
        reaction,
      });
      switch (outcome.kind) {
        case "no-episode":
          throw new UserError(
            `**${userText(outcome.protagonist.name)}** is not temporarily insane (any more): there is no reaction to choose.`,
          );
        case "already":
          throw new UserError(alreadyReacted(outcome.protagonist.name, outcome.reaction));
        case "chosen":
          await announceReaction(interaction, context, status, outcome.reaction);
      }
    },
    [SAN_ACTIONS.endEpisode]: async (interaction, context) => {
      const eventId = eventIdOf(context);
      const outcome = await context.services.sanity
        .endEpisode({ actor: actorFrom(interaction), eventId })
        .catch((error: unknown) => {
          if (isServiceError(error) && error.kind === "forbidden") {
            throw new UserError(
              "Only a GM ends an episode of temporary insanity (the campaign's GMs, or anyone with Manage Server).",
            );
          }
          throw error;
        });
      if (outcome.kind === "not-insane") {
        throw new UserError(
          `**${userText(outcome.protagonist.name)}**'s episode of temporary insanity is already over.`,
        );
      }
      if (isPrivate(interaction)) {
        await context.reply.edit({ content: "Episode over.", components: [] });
      } else {
        const status = await context.services.sanity.sanTestStatus({
          actor: actorFrom(interaction),
          eventId,
        });
        await context.reply.edit({ components: rowsFor(status) });
      }
      await context.reply.send({
        content: episodeEndedAnnouncement(outcome.protagonist.name),
        ephemeral: false,
      });
    },
  },
  selectMenus: {
    [SAN_ACTIONS.bond]: async (interaction, context) => {
      const status = await pressable(interaction, context);
      const bondId = interaction.values[0];
      if (bondId === undefined) throw new UserError("Choose a Bond from the menu.");
      const projected = await context.services.sanity.project({
        actor: actorFrom(interaction),
        eventId: status.eventId,
        bondId,
      });
      const embed = sanTestEmbed({
        who: projected.protagonist.name,
        result: projected.result,
        roller: interaction.user.displayName,
        eventId: status.eventId,
        projectionEventId: projected.eventId,
        conditions: projected.conditions,
      });
      const components = [
        ...sanResultRows({
          ...episodeOf(status),
          projectable: false,
          temporaryInsanity: projected.result.temporaryInsanity,
        }),
        ...brokenBondRows(projected.eventId, brokenBondsOf(projected.result.events)),
      ];
      if (isPrivate(interaction)) {
        // A private menu opened from a group test: close it, show the table the new result,
        // and bring the group's summary up to date.
        await context.reply.edit({ content: "Projected.", embeds: [embed], components: [] });
        await context.reply.send({ embeds: [embed], components, ephemeral: false });
        const group = groupRefOf(context.args.slice(1));
        const messageId = context.args[3];
        if (group && messageId) await refreshGroup(interaction, context, { ...group, messageId });
        return;
      }
      await context.reply.edit({ embeds: [embed], components });
    },
    [SAN_ACTIONS.pickProject]: async (interaction, context) => {
      const status = await pressable(interaction, { ...context, args: interaction.values });
      if (status.projectionRefusal !== null)
        throw new UserError(serviceRefusalText(status.projectionRefusal));
      const group = groupRefOf(context.args);
      const [menu] = bondMenuRows(
        status.eventId,
        status.bonds,
        group ? { ...group, messageId: interaction.message.id } : undefined,
      );
      await context.reply.send({
        content: `Project **${userText(status.protagonist.name)}**'s SAN loss (lost ${status.result.lost}) onto which Bond? 1D4 WP is spent, and the loss and the Bond drop by as much.`,
        components: menu ? [menu] : [],
        ephemeral: true,
      });
    },
    [SAN_ACTIONS.pickReact]: async (interaction, context) => {
      const status = await pressable(interaction, { ...context, args: interaction.values });
      if (!status.result.temporaryInsanity) {
        throw new UserError(
          `**${userText(status.protagonist.name)}** is not temporarily insane (any more).`,
        );
      }
      if (status.reaction !== null) {
        throw new UserError(alreadyReacted(status.protagonist.name, status.reaction));
      }
      await context.reply.send({
        content: `**${userText(status.protagonist.name)}** is temporarily insane. How do they react? A narrative choice: the GM narrates it, nothing on the sheet changes.`,
        components: [reactionRow(status.eventId)],
        ephemeral: true,
      });
    },
  },
};

interface SanRequest {
  actor: Actor;
  loss: string;
  threat: ThreatType;
  source: string | null;
  corrupting: boolean;
}

/** A GM's test of every active Protagonist: one summary for the table. */
async function groupTest(reply: Reply, services: BotServices, request: SanRequest): Promise<void> {
  const party = await services.protagonists.list({ actor: request.actor });
  if (party.length === 0) throw new UserError("This campaign has no active Protagonist to test.");
  if (party.length > MAX_GROUP) {
    throw new UserError(
      `This campaign has ${party.length} active Protagonists; a group test covers at most ${MAX_GROUP}. Test the others one by one with \`protagonist\`.`,
    );
  }
  const outcomes = await services.sanity
    .sanTest({ ...request, protagonistIds: party.map((p) => p.id), group: true })
    .catch((error: unknown) => {
      if (isServiceError(error) && error.kind === "forbidden") {
        throw new UserError(
          "Only a GM can test every Protagonist at once (`all`). Test your own with `/san` without `all`.",
        );
      }
      throw error;
    });
  await reply.send(sanGroupMessage(freshGroupEntries(outcomes), request.actor.userId));
}

const OUT_OF_DATE = "This button is out of date. Run `/san` again.";

/** The group a menu belongs to, from its custom id's args: first event id, size. */
function groupRefOf(args: readonly string[]): GroupRef | undefined {
  const [firstEventId, size] = args.map(Number);
  if (firstEventId === undefined || size === undefined) return undefined;
  if (!Number.isSafeInteger(firstEventId) || !Number.isSafeInteger(size)) return undefined;
  return firstEventId > 0 && size > 0 ? { firstEventId, size } : undefined;
}

/**
 * Edits the group's summary (a message of the bot's in this channel) to show the numbers as
 * they stand. The projection is done and shown either way: a summary the bot can't reach
 * (the channel hidden from it since) is only logged.
 */
async function refreshGroup(
  interaction: AnySelectMenuInteraction,
  context: ComponentContext,
  group: GroupMessageRef,
): Promise<void> {
  try {
    const { gmId, statuses, willTests, size } = await context.services.sanity.groupSanTestStatus({
      actor: actorFrom(interaction),
      firstEventId: group.firstEventId,
      size: group.size,
    });
    const message = sanGroupMessage(currentGroupEntries(statuses), gmId, willTests, size);
    await interaction.client.rest.patch(
      Routes.channelMessage(interaction.channelId, group.messageId),
      {
        body: {
          embeds: message.embeds.map((embed) => embed.toJSON()),
          components: message.components.map((row) => row.toJSON()),
          allowed_mentions: noMentions(),
        },
      },
    );
  } catch (error) {
    context.log.warn({ err: error }, "could not refresh the group SAN summary");
  }
}

function isPrivate(interaction: ButtonInteraction | AnySelectMenuInteraction): boolean {
  return interaction.message.flags.has(MessageFlags.Ephemeral);
}

/**
 * The SAN test a component is about (its event id is the first arg), once the presser is
 * allowed: its player or a GM. Everyone else is told privately, and nothing changes.
 */
/** The SAN test's event id, the first arg of every component under a result. */
function eventIdOf(context: Pick<ComponentContext, "args">): number {
  const eventId = Number(context.args[0]);
  if (!Number.isSafeInteger(eventId) || eventId <= 0) throw new UserError(OUT_OF_DATE);
  return eventId;
}

async function pressable(
  interaction: ButtonInteraction | AnySelectMenuInteraction,
  context: Pick<ComponentContext, "services" | "args">,
): Promise<SanTestStatus> {
  const eventId = eventIdOf(context);
  const actor: Actor = actorFrom(interaction);
  const status = await context.services.sanity.sanTestStatus({ actor, eventId });
  if (!status.canAct) {
    throw new UserError(
      `These buttons are for **${userText(status.protagonist.name)}**'s player or a GM.`,
    );
  }
  return status;
}

/** Where the test's episode of temporary insanity stands, for its buttons. */
function episodeOf(status: SanTestStatus) {
  return {
    eventId: status.eventId,
    temporaryInsanity: status.result.temporaryInsanity,
    reaction: status.reaction,
    episodeOpen: status.episodeOpen,
  };
}

/** The buttons a public SAN result shows now. */
function rowsFor(status: SanTestStatus, reaction: Reaction | null = status.reaction) {
  return sanResultRows({
    ...episodeOf(status),
    projectable: status.projectionRefusal === null,
    reaction,
  });
}

/** A narrative choice: announced to the table, the reactions retired; the sheet does not change. */
async function announceReaction(
  interaction: ButtonInteraction,
  context: ComponentContext,
  status: SanTestStatus,
  reaction: Reaction,
): Promise<void> {
  if (isPrivate(interaction)) {
    await context.reply.edit({
      content: `You chose **${REACTION_LABEL[reaction]}** for **${userText(status.protagonist.name)}**.`,
      components: [],
    });
  } else {
    await context.reply.edit({ components: rowsFor(status, reaction) });
  }
  await context.reply.send({
    content: reactionAnnouncement(status.protagonist.name, reaction),
    ephemeral: false,
  });
}
