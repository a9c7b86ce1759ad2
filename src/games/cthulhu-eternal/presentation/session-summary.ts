import { EmbedBuilder } from "discord.js";
import type {
  SessionAlreadyEnded,
  SessionEndResult,
  SessionProtagonistSummary,
} from "../services/session-service.js";
import { EMBED_LIMITS, truncate, userText } from "../../../core/discord/format.js";
import { boxes } from "./percentile-format.js";
import { pageFields, pageLabel, type EmbedField } from "./embed-pages.js";
import { skillImprovementText } from "./advancement-reasons.js";

export const SESSION_COLOUR = 0x1abc9c;

/** One Protagonist's session: SAN, Bonds, Resources and each marked skill with its die. */
export function sessionField(summary: SessionProtagonistSummary): EmbedField {
  const lines: string[] = [];
  const { san, resourceBoxes } = summary;
  lines.push(
    san.before === san.after
      ? `SAN ${san.after} (unchanged)`
      : `SAN ${san.before} → **${san.after}**`,
  );
  if (summary.bonds.length) {
    const bonds = summary.bonds.map(
      (bond) =>
        `${userText(bond.name, 60)} ${bond.before} → ${bond.after}${bond.broken ? " (broken)" : ""}`,
    );
    lines.push(`Bonds: ${bonds.join(" · ")}`);
  }
  const resources =
    resourceBoxes.before === resourceBoxes.after
      ? boxes(resourceBoxes.after, resourceBoxes.of)
      : `${boxes(resourceBoxes.before, resourceBoxes.of)} → ${boxes(resourceBoxes.after, resourceBoxes.of)}`;
  lines.push(`Resources: ${resources}`);
  if (summary.improvements.length) {
    lines.push(
      ...summary.improvements.map((change) => `📈 ${userText(skillImprovementText(change), 200)}`),
    );
  } else {
    lines.push("No marked skill.");
  }
  return { name: userText(summary.name), value: lines.join("\n") };
}

/** The session summary, as many embeds as it takes to stay within Discord's limits. */
export function sessionSummaryEmbeds(
  campaignName: string,
  result: SessionEndResult,
): EmbedBuilder[] {
  const pages = pageFields(result.protagonists.map(sessionField), { reserved: 600 });
  return pages.map((page, index) => {
    const embed = new EmbedBuilder()
      .setColor(SESSION_COLOUR)
      .setTitle(
        truncate(
          `📘 Session ${result.sessionNumber} of ${userText(campaignName)} has ended`,
          EMBED_LIMITS.title,
        ),
      );
    if (index === 0) {
      embed.setDescription(
        result.protagonists.length
          ? `Marked skills improved and their marks were cleared. Session ${result.sessionNumber + 1} begins.`
          : `No active Protagonist. Session ${result.sessionNumber + 1} begins.`,
      );
    }
    if (page.length) embed.setFields(page.map((field) => ({ ...field })));
    const label = pageLabel(index, pages.length);
    if (label !== null) embed.setFooter({ text: label });
    return embed;
  });
}

/**
 * What the GM who ended the session is told privately: the session ended, and what the marks of
 * secret rolls earned (kept out of the table's summary).
 */
export function sessionEndedNotice(campaignName: string, result: SessionEndResult): string {
  const ended = `Session ${result.sessionNumber} of **${userText(campaignName)}** ended.`;
  const hidden = result.protagonists.flatMap((summary) =>
    summary.hiddenImprovements.map(
      (change) =>
        `📈 ${userText(summary.name, 100)}: ${userText(skillImprovementText(change), 200)}`,
    ),
  );
  if (!hidden.length) return ended;
  return truncate(
    [ended, "🔒 Marks from secret rolls (only the GMs see these):", ...hidden].join("\n"),
    2000,
  );
}

/** For a press that came too late: another press (or GM) ended that session first. */
export function alreadyEndedMessage(ended: SessionAlreadyEnded): string {
  return `Session ${ended.endedSession} of **${userText(ended.campaignName)}** has already ended; this is session ${ended.currentSession}.`;
}
