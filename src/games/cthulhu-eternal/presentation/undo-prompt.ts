import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  EmbedBuilder,
  type BaseMessageOptions,
} from "discord.js";
import type { UndoResult } from "../services/history-service.js";
import type { UndoPreview } from "../services/history-browse.js";
import type { HistoryEntry } from "../services/history-entries.js";
import { customId } from "../../../core/discord/custom-id.js";
import { EMBED_LIMITS, truncate, userText } from "../../../core/discord/format.js";
import type { LoggedFact } from "../services/event-facts.js";
import type { EventLineOf } from "./event-lines.js";

const PROMPT_COLOUR = 0xf1c40f;
const DONE_COLOUR = 0x2ecc71;
const REFUSED_COLOUR = 0x95a5a6;

/** The Protagonists, then each Extra's campaign data (its entities, its catalogue), an undo restores. */
function restored(protagonists: readonly string[], modules: readonly string[]): string {
  const all = [
    ...protagonists.map((n) => userText(n)),
    ...modules.map((id) => `the campaign's \`${id}\` Extra`),
  ];
  return truncate(all.join(", ") || "—", EMBED_LIMITS.fieldValue);
}

/** "Undo this?" with what it restores, and Confirm / Cancel for the requester only. */
export function undoPromptMessage(
  preview: UndoPreview,
  requesterId: string,
  lineOf: EventLineOf,
): BaseMessageOptions {
  const { entry } = preview;
  const seconds = Math.floor(entry.createdAt.getTime() / 1000);
  const embed = new EmbedBuilder()
    .setColor(PROMPT_COLOUR)
    .setTitle(`↩️ Undo #${entry.id}?`)
    .setDescription(userText(lineOf(entry.fact), 1000))
    .addFields(
      { name: "Done by", value: `<@${entry.actorId}>`, inline: true },
      { name: "When", value: `<t:${seconds}:R>`, inline: true },
      { name: "Restores", value: restored(preview.protagonists, preview.campaignData) },
    )
    .setFooter({ text: "Confirm puts them back exactly as they were before this change." });
  const row = new ActionRowBuilder<ButtonBuilder>().addComponents(
    new ButtonBuilder()
      .setStyle(ButtonStyle.Danger)
      .setLabel("Confirm undo")
      .setCustomId(customId("undo", "confirm", requesterId, entry.id)),
    new ButtonBuilder()
      .setStyle(ButtonStyle.Secondary)
      .setLabel("Cancel")
      .setCustomId(customId("undo", "cancel", requesterId, entry.id)),
  );
  return { embeds: [embed], components: [row] };
}

export function undoneMessage(result: UndoResult, lineOf: EventLineOf): BaseMessageOptions {
  const embed = new EmbedBuilder()
    .setColor(DONE_COLOUR)
    .setTitle(`↩️ Undone #${result.undoneEventId}`)
    .setDescription(userText(lineOf(result.fact), 1000))
    .addFields({ name: "Restored", value: restored(result.protagonists, result.campaignData) })
    .setFooter({ text: `Logged as #${result.undoEventId}.` });
  return { embeds: [embed], components: [] };
}

/** The public line telling the table what changed back; it names, never pings. */
export function undoAnnouncement(
  eventId: number,
  fact: LoggedFact,
  userId: string,
  lineOf: EventLineOf,
): string {
  return truncate(`↩️ <@${userId}> undid #${eventId}: ${userText(lineOf(fact), 1000)}`, 2000);
}

export function undoRefusedMessage(eventId: string, why: string): BaseMessageOptions {
  const embed = new EmbedBuilder()
    .setColor(REFUSED_COLOUR)
    .setTitle(`Can't undo #${eventId}`)
    .setDescription(truncate(why, EMBED_LIMITS.description));
  return { embeds: [embed], components: [] };
}

export function undoCancelledMessage(eventId: string): BaseMessageOptions {
  const embed = new EmbedBuilder()
    .setColor(REFUSED_COLOUR)
    .setTitle(`Undo of #${eventId} cancelled`)
    .setDescription("Nothing changed.");
  return { embeds: [embed], components: [] };
}

/** What "Undo back to" undid, newest first, the asked change last. */
export function undoneBackMessage(
  results: readonly UndoResult[],
  lineOf: EventLineOf,
): BaseMessageOptions {
  const asked = results.at(-1);
  const lines = results.map((r) => `• #${r.undoneEventId} · ${userText(lineOf(r.fact), 200)}`);
  const embed = new EmbedBuilder()
    .setColor(DONE_COLOUR)
    .setTitle(`↩️ Undone back to #${asked?.undoneEventId ?? "?"}`)
    .setDescription(truncate(lines.join("\n"), EMBED_LIMITS.description))
    .addFields({
      name: "Restored",
      value: restored(
        [...new Set(results.flatMap((r) => r.protagonists))],
        [...new Set(results.flatMap((r) => r.campaignData))],
      ),
    });
  return { embeds: [embed], components: [] };
}

const CHOICE_LIMIT = 25;

/** The event id a search names ("42" or "#42"), if it names one. */
export function eventIdTyped(query: string): number | null {
  const match = /^#?(\d{1,9})$/.exec(query.trim());
  return match ? Number(match[1]) : null;
}

/**
 * `/undo`'s suggestions: the changes whose line, as the user reads it, contains what they typed
 * (any case), or whose id they typed.
 */
export function undoChoices(
  entries: readonly HistoryEntry[],
  query: string,
  lineOf: EventLineOf,
): { name: string; value: number }[] {
  const wanted = query.trim().toLowerCase();
  const id = eventIdTyped(query);
  return entries
    .map((entry) => ({ name: `#${entry.id} · ${lineOf(entry.fact)}`, value: entry.id }))
    .filter((choice) => choice.value === id || choice.name.toLowerCase().includes(wanted))
    .slice(0, CHOICE_LIMIT)
    .map((choice) => ({ name: truncate(choice.name, 100), value: choice.value }));
}
