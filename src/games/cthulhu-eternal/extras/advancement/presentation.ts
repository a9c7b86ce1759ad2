import { EmbedBuilder } from "discord.js";
import { EMBED_LIMITS, truncate, userText } from "../../../../core/discord/format.js";
import { skillImprovementText } from "../../presentation/advancement-reasons.js";
import { formatPercentile } from "../../rules/percentile.js";
import type { LoggedFact } from "../../services/event-facts.js";
import type { ProtagonistSnapshot } from "../../services/snapshot.js";
import { kindLine } from "../event-line.js";
import type {
  ExtraRefusal,
  ExtraSetting,
  ExtraSettingValues,
  ExtraSheetContext,
  ExtraSheetField,
} from "../module.js";
import { ADVANCEMENT_EVENTS, type DowntimeCheckPayload } from "./events.js";
import type { DowntimeCheckOutcome } from "./service.js";
import { ADVANCEMENT_SETTINGS, readChecksPerDowntime } from "./settings.js";
import { checksMadeBefore } from "./rules.js";
import { advancementStateOf } from "./state.js";

/** Every sentence Advancement in Downtime shows, in one place. */

export const ADVANCEMENT_NAME = "Advancement in Downtime";
export const ADVANCEMENT_SUMMARY =
  "During downtime a player may make the improvement check at their own choice: one d100, and every marked skill at or below it gains 1 (never above 99).";

const ADVANCEMENT_COLOUR = 0x16a085;

const checks = (n: number): string => `${n} check${n === 1 ? "" : "s"}`;

export const ADVANCEMENT_SETTING_WORDS: readonly ExtraSetting[] = [
  {
    ...ADVANCEMENT_SETTINGS.checksPerDowntime,
    label: "Checks per downtime",
    meaning:
      "Improvement checks a Protagonist may make between two session ends (the seed: one, during extended downtime).",
    suggestions: ["1", "2"],
    expected: "a whole number from 1 to 10",
    show: (value) => checks(Number(value)),
  },
];

function logLine(p: DowntimeCheckPayload): string {
  const improved = p.improved.map((s) => `${s.skill} ${s.before} → ${s.after}`);
  const kept = p.kept.length ? `; still marked: ${p.kept.join(", ")}` : "";
  return `${p.protagonist}: downtime improvement check ${formatPercentile(p.roll)}${improved.length ? `: ${improved.join(", ")}` : ": no skill improved"}${kept}`;
}

export function advancementEventLine(fact: LoggedFact): string | undefined {
  return kindLine(fact, ADVANCEMENT_EVENTS.check, logLine);
}

export function downtimeCheckEmbed(outcome: DowntimeCheckOutcome): EmbedBuilder {
  const lines = outcome.shown.map((change) => `📈 ${userText(skillImprovementText(change), 300)}`);
  const left =
    outcome.checksLeft > 0
      ? `${checks(outcome.checksLeft)} left in this downtime.`
      : `The next check opens once a GM ends session ${outcome.beforeSession}.`;
  return new EmbedBuilder()
    .setColor(ADVANCEMENT_COLOUR)
    .setTitle(
      truncate(
        `📈 ${userText(outcome.protagonist.name)}: improvement check in downtime`,
        EMBED_LIMITS.title,
      ),
    )
    .setDescription(
      truncate(
        [
          `d100: **${formatPercentile(outcome.check)}**. Every marked skill at or below it gains 1 and is unmarked.`,
          ...lines,
          left,
        ].join("\n"),
        EMBED_LIMITS.description,
      ),
    );
}

/** For the one who made the check: what the marks of secret rolls earned (kept from the table). */
export function secretImprovementsText(outcome: DowntimeCheckOutcome): string | null {
  if (!outcome.secret.length) return null;
  return truncate(
    [
      "🔒 Marks from secret rolls (only you and the GMs see these):",
      ...outcome.secret.map((change) => `📈 ${userText(skillImprovementText(change), 300)}`),
    ].join("\n"),
    2000,
  );
}

export function advancementRefusalText(refusal: ExtraRefusal): string {
  const p = refusal.params;
  const who = userText(String(p.protagonist ?? ""));
  switch (refusal.code) {
    case "no-marked-skill":
      return `**${who}** has no marked skill: an improvement check would change nothing, so none was made. Skills are marked when a test fails.`;
    case "checks-used":
      return `**${who}** has made ${checks(Number(p.made))} in this downtime (${Number(p.allowed)} allowed). The next opens once a GM ends session ${Number(p.session)} (\`/campaign session-end\`).`;
    default:
      return "That can't be done with Advancement in Downtime right now.";
  }
}

/** The sheet's part: whether this downtime's check is still open. */
export function advancementSheet(
  protagonist: ProtagonistSnapshot,
  values: ExtraSettingValues,
  campaign: ExtraSheetContext,
): ExtraSheetField[] {
  const made = checksMadeBefore(advancementStateOf(protagonist), campaign.sessionNumber);
  const left = readChecksPerDowntime(values) - made;
  return [
    {
      name: "Downtime checks",
      value: left > 0 ? `${checks(left)} open: \`/advance check\`` : "Made for this downtime.",
    },
  ];
}
