import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  EmbedBuilder,
  type BaseMessageOptions,
} from "discord.js";
import type { UndoForbiddenReason, UndoRefusal } from "../services/undo-policy.js";
import { customId } from "../../../core/discord/custom-id.js";
import { EMBED_LIMITS, truncate, userText } from "../../../core/discord/format.js";
import type { EventLineOf } from "./event-lines.js";

const REFUSED_COLOUR = 0x95a5a6;
const HIDDEN_LINK = "a change only its author and the GMs can see";

const FORBIDDEN: Readonly<Record<UndoForbiddenReason, string>> = {
  "someone-else": "Only a GM can undo someone else's change.",
  "player-roll":
    "Undoing a roll or test is a reroll, so in this campaign only a GM can: ask a GM to undo it, " +
    "or a GM can let players undo their own with `/campaign settings player-undo-rolls:True`.",
};

type Blocked = Extract<UndoRefusal, { kind: "blocked" }>;

/** The chain, oldest first, so its last line is the change to undo first. */
function chainLines(refusal: Blocked, lineOf: EventLineOf): string {
  return refusal.chain
    .map((link) =>
      link.id === null
        ? `• (${HIDDEN_LINK})`
        : `• #${link.id} · ${userText(lineOf(link.fact), 200)}`,
    )
    .join("\n");
}

const NOT_YOURS: Readonly<Record<UndoForbiddenReason, string>> = {
  "someone-else": "someone else's",
  "player-roll": "a roll or test, which only a GM may undo here",
};

function notYoursText(refusal: Blocked): string {
  if (refusal.notYours.some((n) => n.id === null)) {
    return `Some of them only a GM can undo: ask a GM to undo back to #${refusal.eventId}.`;
  }
  const list = refusal.notYours.map((n) => `#${n.id} (${NOT_YOURS[n.reason]})`).join(", ");
  return `You can't undo ${list}: ask a GM to undo back to #${refusal.eventId}.`;
}

/** Words for a refused undo, wherever it is shown. */
export function undoRefusalText(refusal: UndoRefusal, lineOf: EventLineOf): string {
  switch (refusal.kind) {
    case "forbidden":
      return FORBIDDEN[refusal.reason];
    case "chain-changed":
      return `The changes after #${refusal.eventId} have changed since this was shown: nothing was undone. Run \`/undo event:${refusal.eventId}\` again.`;
    case "blocked": {
      const head = `Later changes depend on #${refusal.eventId} (oldest first; the last is undone first):`;
      const tail = refusal.notYours.length
        ? notYoursText(refusal)
        : `Undo them first, newest first, or undo back to #${refusal.eventId} in one go.`;
      return truncate(`${head}\n${chainLines(refusal, lineOf)}\n${tail}`, EMBED_LIMITS.description);
    }
  }
}

/** The refusal on the private prompt; a blocked undo the requester may resolve gets "Undo back to". */
export function undoRefusalMessage(
  refusal: UndoRefusal,
  requesterId: string,
  lineOf: EventLineOf,
): BaseMessageOptions {
  const embed = new EmbedBuilder()
    .setColor(REFUSED_COLOUR)
    .setTitle(`Can't undo #${refusal.eventId} yet`)
    .setDescription(undoRefusalText(refusal, lineOf));
  if (refusal.kind !== "blocked" || refusal.notYours.length) {
    return { embeds: [embed.setTitle(`Can't undo #${refusal.eventId}`)], components: [] };
  }
  const row = new ActionRowBuilder<ButtonBuilder>().addComponents(
    new ButtonBuilder()
      .setStyle(ButtonStyle.Danger)
      .setLabel(`Undo back to #${refusal.eventId}`)
      .setCustomId(
        customId("undo", "back", requesterId, refusal.eventId, refusal.newestId, refusal.size),
      ),
    new ButtonBuilder()
      .setStyle(ButtonStyle.Secondary)
      .setLabel("Cancel")
      .setCustomId(customId("undo", "cancel", requesterId, refusal.eventId)),
  );
  return { embeds: [embed], components: [row] };
}
