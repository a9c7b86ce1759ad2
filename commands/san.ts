import {
  InteractionContextType,
  MessageFlags,
  SlashCommandBuilder,
  type AnySelectMenuInteraction,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
} from "discord.js";
import { actorFrom } from "../src/bot/actor.js";
import type { CommandModule, ComponentContext } from "../src/bot/command.js";
import { protagonistChoices } from "../src/bot/presentation/autocomplete.js";
import { choiceRefusal } from "../src/bot/presentation/lookup-refusals.js";
import { sanGroupEmbed, sanTestEmbed } from "../src/bot/presentation/sanity.js";
import {
  bondMenuRows,
  groupRows,
  REACTION_LABEL,
  REACTIONS,
  reactionAnnouncement,
  reactionRow,
  SAN_ACTIONS,
  SAN_COMMAND,
  sanResultRows,
  type Reaction,
} from "../src/bot/presentation/sanity-components.js";
import type { Reply } from "../src/bot/reply.js";
import type { BotServices } from "../src/bot/services.js";
import { userText } from "../src/bot/format.js";
import { UserError } from "../src/bot/user-facing-error.js";
import { THREAT_TYPES, type ThreatType } from "../src/rules/types.js";
import { threatLabel } from "../src/rules/sanity/index.js";
import { isServiceError, type Actor } from "../src/services/index.js";
import type { SanTestStatus } from "../src/services/sanity-queries.js";

/** The sanity service tests at most this many Protagonists at once. */
const MAX_GROUP = 25;

const definition = new SlashCommandBuilder()
  .setName(SAN_COMMAND)
  .setDescription("SAN test: 1D100 against current SAN, then the loss and what it sets off.")
  .setContexts(InteractionContextType.Guild)
  .addStringOption((option) =>
    option
      .setName("loss")
      .setDescription("SAN loss as success/failure: 0/1D6, 1/1D4+1, 1D6/1D20")
      .setRequired(true)
      .setMaxLength(60),
  )
  .addStringOption((option) =>
    option
      .setName("threat")
      .setDescription("What kind of threat (adaptation applies to Violence and Helplessness)")
      .setRequired(true)
      .addChoices(...THREAT_TYPES.map((threat) => ({ name: threatLabel(threat), value: threat }))),
  )
  .addStringOption((option) =>
    option.setName("source").setDescription("What they faced (shown and logged)").setMaxLength(200),
  )
  .addStringOption((option) =>
    option
      .setName("protagonist")
      .setDescription("Which Protagonist (default: your active one)")
      .setAutocomplete(true),
  )
  .addBooleanOption((option) =>
    option
      .setName("all")
      .setDescription("GM: test every active Protagonist of the campaign at once"),
  );

function threatOf(interaction: ChatInputCommandInteraction): ThreatType {
  const value = interaction.options.getString("threat", true);
  const threat =
    THREAT_TYPES.find((t) => t === value) ??
    THREAT_TYPES.find((t) => threatLabel(t).toLowerCase() === value.trim().toLowerCase());
  if (!threat) throw new UserError(choiceRefusal("threat", value, THREAT_TYPES.map(threatLabel)));
  return threat;
}

export const sanCommand: CommandModule = {
  definition,
  // The test, and the Bond chosen to project onto; the other buttons only open menus or narrate.
  writes: { command: true, components: [SAN_ACTIONS.bond] },
  execute: async (interaction, { reply, services }) => {
    const actor = actorFrom(interaction);
    const request: SanRequest = {
      actor,
      loss: interaction.options.getString("loss", true),
      threat: threatOf(interaction),
      source: interaction.options.getString("source"),
    };
    const protagonistId = interaction.options.getString("protagonist");
    const roller = interaction.user.displayName;
    if (interaction.options.getBoolean("all") ?? false) {
      if (protagonistId !== null) {
        throw new UserError(
          "Give `all` (every active Protagonist) or `protagonist` (one), not both.",
        );
      }
      await groupTest(reply, services, request, roller);
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
        }),
      ],
      components: sanResultRows({
        eventId: outcome.eventId,
        projectable: outcome.result.projectable,
        temporaryInsanity: outcome.result.temporaryInsanity,
      }),
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
      if (status.projectionRefusal !== null) throw new UserError(status.projectionRefusal);
      await context.reply.edit({
        components: [
          ...bondMenuRows(status.eventId, status.bonds),
          ...(status.result.temporaryInsanity ? [reactionRow(status.eventId)] : []),
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
      if (!status.result.temporaryInsanity) {
        throw new UserError(
          `**${userText(status.protagonist.name)}** is not temporarily insane (any more): there is no reaction to choose.`,
        );
      }
      await announceReaction(interaction, context, status, reaction);
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
      });
      const components = projected.result.temporaryInsanity ? [reactionRow(status.eventId)] : [];
      if (isPrivate(interaction)) {
        // A private menu opened from a group test: close it, and show the table the new result.
        await context.reply.edit({ content: "Projected.", embeds: [embed], components: [] });
        await context.reply.send({ embeds: [embed], components, ephemeral: false });
        return;
      }
      await context.reply.edit({ embeds: [embed], components });
    },
    [SAN_ACTIONS.pickProject]: async (interaction, context) => {
      const status = await pressable(interaction, { ...context, args: interaction.values });
      if (status.projectionRefusal !== null) throw new UserError(status.projectionRefusal);
      const [menu] = bondMenuRows(status.eventId, status.bonds);
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
}

/** A GM's test of every active Protagonist: one summary for the table. */
async function groupTest(
  reply: Reply,
  services: BotServices,
  request: SanRequest,
  roller: string,
): Promise<void> {
  const party = await services.protagonists.list({ actor: request.actor });
  if (party.length === 0) throw new UserError("This campaign has no active Protagonist to test.");
  if (party.length > MAX_GROUP) {
    throw new UserError(
      `This campaign has ${party.length} active Protagonists; a group test covers at most ${MAX_GROUP}. Test the others one by one with \`protagonist\`.`,
    );
  }
  const outcomes = await services.sanity
    .sanTest({ ...request, protagonistIds: party.map((p) => p.id) })
    .catch((error: unknown) => {
      if (isServiceError(error) && error.kind === "forbidden") {
        throw new UserError(
          "Only a GM can test every Protagonist at once (`all`). Test your own with `/san` without `all`.",
        );
      }
      throw error;
    });
  await reply.send({
    embeds: [
      sanGroupEmbed({
        outcomes,
        threat: request.threat,
        notation: outcomes[0]?.result.sanLoss.notation ?? request.loss,
        source: request.source,
        roller,
      }),
    ],
    components: groupRows(
      outcomes.map((o) => ({
        eventId: o.eventId,
        name: o.protagonist.name,
        lost: o.result.lost,
        projectable: o.result.projectable,
        temporaryInsanity: o.result.temporaryInsanity,
      })),
    ),
  });
}

const OUT_OF_DATE = "This button is out of date. Run `/san` again.";

function isPrivate(interaction: ButtonInteraction | AnySelectMenuInteraction): boolean {
  return interaction.message.flags.has(MessageFlags.Ephemeral);
}

/**
 * The SAN test a component is about (its event id is the first arg), once the presser is
 * allowed: its player or a GM. Everyone else is told privately, and nothing changes.
 */
async function pressable(
  interaction: ButtonInteraction | AnySelectMenuInteraction,
  context: Pick<ComponentContext, "services" | "args">,
): Promise<SanTestStatus> {
  const eventId = Number(context.args[0]);
  if (!Number.isSafeInteger(eventId) || eventId <= 0) throw new UserError(OUT_OF_DATE);
  const actor: Actor = actorFrom(interaction);
  const status = await context.services.sanity.sanTestStatus({ actor, eventId });
  if (!status.canAct) {
    throw new UserError(
      `These buttons are for **${userText(status.protagonist.name)}**'s player or a GM.`,
    );
  }
  return status;
}

/** The buttons a public SAN result shows now. */
function rowsFor(status: SanTestStatus, reactionChosen = false) {
  return sanResultRows({
    eventId: status.eventId,
    projectable: status.projectionRefusal === null,
    temporaryInsanity: status.result.temporaryInsanity && !reactionChosen,
  });
}

/** A narrative choice: announced to the table, the buttons retired; no state changes. */
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
    await context.reply.edit({ components: rowsFor(status, true) });
  }
  await context.reply.send({
    content: reactionAnnouncement(status.protagonist.name, reaction),
    ephemeral: false,
  });
}
