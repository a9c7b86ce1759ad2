import { EmbedBuilder } from "discord.js";
import { EMBED_LIMITS, truncate, userText } from "../../../../core/discord/format.js";
import { formatPercentile } from "../../rules/percentile.js";
import type { ProtagonistSnapshot } from "../../services/snapshot.js";
import { kindLine } from "../event-line.js";
import type { ExtraRefusal, ExtraSetting, ExtraSettingValues, ExtraSheetField } from "../module.js";
import type { LoggedFact } from "../../services/event-facts.js";
import {
  TRAINING_EVENTS,
  type TalentApprovePayload,
  type TalentCheckPayload,
  type TrainingSessionPayload,
} from "./events.js";
import { talentCheckOpen } from "./rules.js";
import type { TalentApproveOutcome, TalentCheckOutcome, TrainingOutcome } from "./service.js";
import { TALENT_APPROVALS, TRAINING_SETTINGS, readTrainingSettings } from "./settings.js";
import { skillTraining, trainingStateOf, type Talent } from "./state.js";

/** Every sentence Training and Talents shows, in one place. */

export const TRAINING_NAME = "Training and Talents";
export const TRAINING_SUMMARY =
  "Training sessions raise a skill by 1 (never above 99); after enough sessions on one skill, a talent check can gain a talent.";

const TRAINING_COLOUR = 0x3a7d44;
const SUCCESS_COLOUR = 0x2ecc71;
const FAILURE_COLOUR = 0xe67e22;

const sessions = (n: number): string => `${n} session${n === 1 ? "" : "s"}`;

const APPROVAL_WORDS: Readonly<Record<(typeof TALENT_APPROVALS)[number], string>> = {
  gm: "gm: a GM confirms each talent",
  player: "player: the player's name stands",
};

export const TRAINING_SETTING_WORDS: readonly ExtraSetting[] = [
  {
    ...TRAINING_SETTINGS.talentSessions,
    label: "Sessions for a talent",
    meaning: "Training sessions on one skill before its talent check (seed 002: 20).",
    suggestions: ["20", "10", "30"],
    expected: "a whole number from 1 to 100",
    show: (value) => sessions(Number(value)),
  },
  {
    ...TRAINING_SETTINGS.talentApproval,
    label: "Talent approval",
    meaning:
      "Whether a talent gained waits for a GM's `/train approve` (they may rename it there).",
    suggestions: [...TALENT_APPROVALS],
    expected: "`gm` or `player`",
    show: (value) => APPROVAL_WORDS[value === "player" ? "player" : "gm"],
  },
];

const TRAINING_LOG_WORDS = {
  session: (p: TrainingSessionPayload) =>
    `${p.protagonist}: trained ${p.skill} (${sessions(p.sessions)}) ${p.ratingBefore} → ${p.ratingAfter}; ${sessions(p.sessionsAfter)} toward a talent`,
  talentCheck: (p: TalentCheckPayload) =>
    `${p.protagonist}: talent check on ${p.skill} ${formatPercentile(p.roll)} vs ${p.target}: ${p.success ? `gained ${p.talent}${p.awaitsGm ? " (awaiting a GM)" : ""}` : "failed"}`,
  talentApprove: (p: TalentApprovePayload) =>
    `${p.protagonist}: a GM confirmed the talent ${p.talent}${p.renamedTo === null ? "" : ` as ${p.renamedTo}`}`,
};

/** The log's line for one of the module's events (read from its payload). */
export function trainingEventLine(fact: LoggedFact): string | undefined {
  const { session, talentCheck, talentApprove } = TRAINING_EVENTS;
  return (
    kindLine(fact, session, TRAINING_LOG_WORDS.session) ??
    kindLine(fact, talentCheck, TRAINING_LOG_WORDS.talentCheck) ??
    kindLine(fact, talentApprove, TRAINING_LOG_WORDS.talentApprove)
  );
}

export function trainingEmbed(outcome: TrainingOutcome): EmbedBuilder {
  const { result } = outcome;
  const rating =
    result.gained > 0
      ? `**${userText(outcome.skill)}** ${result.ratingBefore} → **${result.ratingAfter}**`
      : `**${userText(outcome.skill)}** stays at **${result.ratingAfter}**: 99 is the most a skill can be.`;
  const count = `${sessions(result.trainingAfter.sessions)} toward a talent (${outcome.sessionsNeeded} needed).`;
  const next = result.talentCheckOpen
    ? `A talent check is open: \`/train talent skill:${outcome.skill} name:<the talent>\`.`
    : "";
  return new EmbedBuilder()
    .setColor(TRAINING_COLOUR)
    .setTitle(
      truncate(
        `🏋️ ${userText(outcome.protagonist.name)} trains (${sessions(result.trainingAfter.sessions - result.trainingBefore.sessions)})`,
        EMBED_LIMITS.title,
      ),
    )
    .setDescription([rating, count, next].filter(Boolean).join("\n"));
}

export function talentCheckEmbed(outcome: TalentCheckOutcome): EmbedBuilder {
  const { result, talent } = outcome;
  const roll = `Talent check on **${userText(outcome.skill)}**: **${formatPercentile(result.roll.value)}** vs ${result.target}.`;
  const verdict = result.success
    ? `Success: **${userText(talent.name)}** is gained and the count restarts at 0.${talent.approved ? "" : "\nIt awaits a GM: `/train approve` confirms it (and may rename it)."}`
    : "Failure. Another try is open after the next training session on this skill.";
  return new EmbedBuilder()
    .setColor(result.success ? SUCCESS_COLOUR : FAILURE_COLOUR)
    .setTitle(
      truncate(`✨ ${userText(outcome.protagonist.name)}: talent check`, EMBED_LIMITS.title),
    )
    .setDescription(`${roll}\n${verdict}`);
}

export function approveText(outcome: TalentApproveOutcome): string {
  const renamed =
    outcome.before.name === outcome.after.name
      ? ""
      : ` (named **${userText(outcome.after.name)}**)`;
  return `**${userText(outcome.protagonist.name)}**'s talent **${userText(outcome.before.name)}** is confirmed${renamed}.`;
}

export function trainingRefusalText(refusal: ExtraRefusal): string {
  const p = refusal.params;
  const skill = userText(String(p.skill ?? ""));
  switch (refusal.code) {
    case "too-few-sessions":
      return `**${skill}** has ${sessions(Number(p.sessions))} of training; a talent check needs ${Number(p.needed)}. Train with \`/train session skill:${String(p.skill ?? "")}\`.`;
    case "train-again-first":
      return `The last talent check on **${skill}** failed: one more training session (\`/train session\`) opens another try.`;
    case "no-such-talent":
      return `**${userText(String(p.protagonist ?? ""))}** has no talent called **${userText(String(p.talent ?? ""))}**: pick one from the list.`;
    case "already-approved":
      return `**${userText(String(p.talent ?? ""))}** is already confirmed. To rename it, add \`name:\`.`;
    default:
      return "That can't be done with Training and Talents right now.";
  }
}

function talentLine(talent: Talent): string {
  return `${userText(talent.name)} (${userText(talent.skill)})${talent.approved ? "" : " — awaiting a GM"}`;
}

/** The sheet's part: each trained skill's count, and the talents. */
export function trainingSheet(
  protagonist: ProtagonistSnapshot,
  values: ExtraSettingValues,
): ExtraSheetField[] {
  const { talentSessions } = readTrainingSettings(values);
  const state = trainingStateOf(protagonist);
  const trained = protagonist.skills
    .map((skill) => ({ skill, training: skillTraining(state, skill.id) }))
    .filter(({ training }) => training.sessions > 0)
    .map(
      ({ skill, training }) =>
        `${userText(skill.name)} — ${training.sessions}/${talentSessions}${talentCheckOpen(training, talentSessions) ? " · talent check open" : ""}`,
    );
  const fit = (lines: string[], none: string) =>
    truncate(lines.length ? lines.join("\n") : none, EMBED_LIMITS.fieldValue);
  return [
    { name: "Training", value: fit(trained, "No training sessions yet.") },
    { name: "Talents", value: fit(state.talents.map(talentLine), "None yet.") },
  ];
}
