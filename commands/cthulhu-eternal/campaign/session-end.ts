import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  EmbedBuilder,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
} from "discord.js";
import { actorFrom } from "../../../src/core/discord/actor.js";
import type {
  ComponentContext,
  HandlerContext,
} from "../../../src/games/cthulhu-eternal/command.js";
import { customId } from "../../../src/core/discord/custom-id.js";
import { EMBED_LIMITS, truncate, userText } from "../../../src/core/discord/format.js";
import { ruleSettingLines } from "../../../src/games/cthulhu-eternal/presentation/campaign-settings.js";
import {
  SESSION_COLOUR,
  sessionEndedNotice,
  sessionSummaryEmbeds,
} from "../../../src/games/cthulhu-eternal/presentation/session-summary.js";
import { SessionAlreadyEnded } from "../../../src/games/cthulhu-eternal/services/session-service.js";
import { alreadyEndedMessage } from "../../../src/games/cthulhu-eternal/presentation/session-summary.js";
import { COMMAND_NAME } from "./definition.js";

export const END_CONFIRM_ACTION = "end";
export const END_CANCEL_ACTION = "end-cancel";

/** Asks first (privately): ending a session rolls dice and cannot be taken back but by undo. */
export async function askSessionEnd(
  interaction: ChatInputCommandInteraction,
  { reply, services }: HandlerContext,
): Promise<void> {
  // Refused before the prompt: a player must not be asked a question only a GM may answer.
  const campaign = await services.campaigns.currentForGm({
    actor: actorFrom(interaction),
    campaignId: interaction.options.getString("campaign"),
  });
  const improvement = ruleSettingLines(campaign.rules).find((line) => line.key === "improvement");
  const embed = new EmbedBuilder()
    .setColor(SESSION_COLOUR)
    .setTitle(
      truncate(
        `End session ${campaign.sessionNumber} of ${userText(campaign.name)}?`,
        EMBED_LIMITS.title,
      ),
    )
    .setDescription(
      `Every active Protagonist's marked skills improve (${improvement?.value ?? "as the campaign's rules say"}) and their marks clear. A summary of the session (SAN, Bonds, Resources, improvements) is then posted in this channel.`,
    );
  const row = new ActionRowBuilder<ButtonBuilder>().addComponents(
    new ButtonBuilder()
      .setCustomId(customId(COMMAND_NAME, END_CONFIRM_ACTION, campaign.id, campaign.sessionNumber))
      .setLabel(`End session ${campaign.sessionNumber}`)
      .setStyle(ButtonStyle.Danger),
    new ButtonBuilder()
      .setCustomId(customId(COMMAND_NAME, END_CANCEL_ACTION))
      .setLabel("Cancel")
      .setStyle(ButtonStyle.Secondary),
  );
  await reply.send({ embeds: [embed], components: [row], ephemeral: true });
}

/**
 * Ends the session the prompt named, once: of several presses (even at the same moment), the
 * others are told privately that it has already ended.
 */
export async function confirmSessionEnd(
  interaction: ButtonInteraction,
  { reply, services, args }: ComponentContext,
): Promise<void> {
  const [campaignId, session] = args;
  const actor = actorFrom(interaction);
  const campaign = await services.campaigns.current({ actor, campaignId: campaignId ?? null });
  let result;
  try {
    result = await services.session.endSession({
      actor,
      campaignId: campaign.id,
      sessionNumber: Number(session),
    });
  } catch (error) {
    if (!(error instanceof SessionAlreadyEnded)) throw error;
    await reply.send({ content: alreadyEndedMessage(error), ephemeral: true });
    return;
  }
  await reply.edit({
    content: sessionEndedNotice(campaign.name, result),
    embeds: [],
    components: [],
  });
  for (const embed of sessionSummaryEmbeds(campaign.name, result)) {
    await reply.send({ embeds: [embed], ephemeral: false });
  }
}

export async function cancelSessionEnd(
  _interaction: ButtonInteraction,
  { reply }: ComponentContext,
): Promise<void> {
  await reply.edit({ content: "The session goes on.", embeds: [], components: [] });
}
