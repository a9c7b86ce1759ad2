import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  EmbedBuilder,
  type BaseMessageOptions,
} from "discord.js";
import type { HistoryEntry } from "../services/history-entries.js";
import { customId } from "../../../core/discord/custom-id.js";
import { EMBED_LIMITS, truncate, userText } from "../../../core/discord/format.js";
import type { EventLineOf } from "./event-lines.js";

const HISTORY_COLOUR = 0x5865f2;
/** Ten lines of this length, with their prefixes, stay well inside a 4,096-char description. */
const SUMMARY_MAX = 300;
/** Stands for "the whole campaign" in a custom id, where an empty part would be ambiguous. */
export const WHOLE_CAMPAIGN = "-";

export interface HistoryView {
  /** What the page is about: a Protagonist's or the campaign's name (user text, escaped here). */
  subject: string;
  entries: readonly HistoryEntry[];
  /** `beforeId` for the Older button; null on the oldest page. */
  olderCursor: number | null;
  /** Whether a newer page exists (the Newer button then asks for events after the newest shown). */
  hasNewer: boolean;
}

/** The custom-id state of both paging buttons: who may press them and whose history it is. */
export interface HistoryPaging {
  requesterId: string;
  protagonistId: string | null;
}

/** Marks what not every member sees (a secret roll: its roller and the GMs). */
const HIDDEN_MARK = "🔒";

/**
 * One line: id, when, who (a mention, which never pings here), the summary; undone ones struck,
 * and those hidden from some members marked.
 */
export function historyLine(entry: HistoryEntry, lineOf: EventLineOf): string {
  const seconds = Math.floor(entry.createdAt.getTime() / 1000);
  const summary = userText(lineOf(entry.fact), SUMMARY_MAX);
  const text = entry.undone ? `~~${summary}~~ *(undone)*` : summary;
  const icon = `${entry.visibility === "campaign" ? "" : `${HIDDEN_MARK} `}${entry.isUndo ? "↩️ " : ""}`;
  return `\`#${entry.id}\` <t:${seconds}:R> <@${entry.actorId}> ${icon}${text}`;
}

function footerOf(entries: readonly HistoryEntry[]): string {
  const hidden = entries.some((entry) => entry.visibility !== "campaign");
  return `Newest first. Undo a change of yours with /undo.${hidden ? ` ${HIDDEN_MARK} secret: only its roller and the GMs see it.` : ""}`;
}

export function historyMessage(
  view: HistoryView,
  paging: HistoryPaging,
  lineOf: EventLineOf,
): BaseMessageOptions {
  const lines = view.entries.map((entry) => historyLine(entry, lineOf));
  const embed = new EmbedBuilder()
    .setColor(HISTORY_COLOUR)
    .setTitle(truncate(`📜 History — ${userText(view.subject)}`, EMBED_LIMITS.title))
    .setDescription(
      lines.length ? truncate(lines.join("\n"), EMBED_LIMITS.description) : "Nothing logged yet.",
    )
    .setFooter({ text: footerOf(view.entries) });
  const protagonist = paging.protagonistId ?? WHOLE_CAMPAIGN;
  const newest = view.entries[0]?.id;
  const older = new ButtonBuilder()
    .setStyle(ButtonStyle.Secondary)
    .setLabel("◀ Older")
    .setCustomId(
      customId("history", "older", paging.requesterId, protagonist, view.olderCursor ?? 0),
    )
    .setDisabled(view.olderCursor === null);
  const newer = new ButtonBuilder()
    .setStyle(ButtonStyle.Secondary)
    .setLabel("Newer ▶")
    .setCustomId(customId("history", "newer", paging.requesterId, protagonist, newest ?? 0))
    .setDisabled(!view.hasNewer || newest === undefined);
  const components =
    view.olderCursor === null && !view.hasNewer
      ? []
      : [new ActionRowBuilder<ButtonBuilder>().addComponents(older, newer)];
  return { embeds: [embed], components };
}
