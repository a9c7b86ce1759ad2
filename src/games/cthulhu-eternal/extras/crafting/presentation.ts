import { EmbedBuilder } from "discord.js";
import { EMBED_LIMITS, truncate, userText } from "../../../../core/discord/format.js";
import { testTargetText } from "../../presentation/test-embed.js";
import { formatPercentile, OUTCOME_LABEL, type PercentileOutcome } from "../../rules/percentile.js";
import type { LoggedFact } from "../../services/event-facts.js";
import type { ProtagonistSnapshot } from "../../services/snapshot.js";
import { kindLine } from "../event-line.js";
import type { ExtraRefusal, ExtraSetting, ExtraSheetField } from "../module.js";
import {
  CRAFTING_EVENTS,
  type CraftingAbandonPayload,
  type CraftingStartPayload,
  type CraftingWorkPayload,
} from "./events.js";
import { MAX_COMPLEXITY } from "./rules.js";
import type { ProjectOutcome, ProjectsView, WorkOutcome } from "./service.js";
import { CRAFTING_SETTINGS } from "./settings.js";
import { craftingStateOf, type Project } from "./state.js";

/** Every sentence Crafting shows, in one place. */

export const CRAFTING_NAME = "Crafting";
export const CRAFTING_SUMMARY =
  "Projects with a complexity, advanced by tests of one skill: a success adds the roll, a critical twice it, a fumble takes it away.";

const CRAFTING_COLOUR = 0xb9770e;
const DONE_COLOUR = 0x2ecc71;
const BAR_CELLS = 10;

export const CRAFTING_SETTING_WORDS: readonly ExtraSetting[] = [
  {
    ...CRAFTING_SETTINGS.defaultComplexity,
    label: "Default complexity",
    meaning: "A project's complexity when `/craft start` gives none (the seed: usually up to 100).",
    suggestions: ["100", "50", "200"],
    expected: `a whole number from 1 to ${MAX_COMPLEXITY}`,
    show: (value) => String(value),
  },
];

/** "▰▰▰▱▱▱▱▱▱▱ 30/100". */
export function progressBar(progress: number, complexity: number): string {
  const filled = Math.min(BAR_CELLS, Math.floor((progress / complexity) * BAR_CELLS));
  return `${"▰".repeat(filled)}${"▱".repeat(BAR_CELLS - filled)} ${progress}/${complexity}`;
}

function projectLine(project: Project): string {
  const state = project.done ? " ✅ done" : "";
  return `**${userText(project.name, 100)}** (${userText(project.skill, 100)}) ${progressBar(project.progress, project.complexity)}${state}`;
}

/** What the attempt did to the progress, in one line. */
function workVerdict(outcome: PercentileOutcome, change: number, roll: number): string {
  switch (outcome) {
    case "critical-success":
      return `Critical success: twice the roll, **+${change}**.`;
    case "success":
      return `Success: the roll's value, **+${change}**.`;
    case "failure":
      return "Failure: no progress.";
    case "fumble":
      return change === 0
        ? "Fumble: there was no progress to lose."
        : `Fumble: the roll's value is lost, **${change}**${-change < roll ? " (all there was)" : ""}.`;
  }
}

const LOG_WORDS = {
  start: (p: CraftingStartPayload) =>
    `${p.protagonist}: started the project ${p.project} (${p.skill}, complexity ${p.complexity})`,
  work: (p: CraftingWorkPayload) =>
    `${p.protagonist}: worked on ${p.project} (${p.skill} ${formatPercentile(p.roll)} vs ${p.target}, ${OUTCOME_LABEL[p.outcome].toLowerCase()}) ${p.progressBefore} → ${p.progressAfter}/${p.complexity}${p.done ? ", done" : ""}`,
  abandon: (p: CraftingAbandonPayload) =>
    p.done
      ? `${p.protagonist}: put away the finished project ${p.project}`
      : `${p.protagonist}: abandoned the project ${p.project} at ${p.progress}/${p.complexity}`,
};

export function craftingEventLine(fact: LoggedFact): string | undefined {
  const { start, work, abandon } = CRAFTING_EVENTS;
  return (
    kindLine(fact, start, LOG_WORDS.start) ??
    kindLine(fact, work, LOG_WORDS.work) ??
    kindLine(fact, abandon, LOG_WORDS.abandon)
  );
}

function embed(colour: number, title: string, lines: string[]): EmbedBuilder {
  return new EmbedBuilder()
    .setColor(colour)
    .setTitle(truncate(title, EMBED_LIMITS.title))
    .setDescription(truncate(lines.join("\n"), EMBED_LIMITS.description));
}

export function startEmbed(outcome: ProjectOutcome): EmbedBuilder {
  return embed(CRAFTING_COLOUR, `🔨 ${userText(outcome.protagonist.name)} starts a project`, [
    projectLine(outcome.project),
    `Each \`/craft work project:${outcome.project.name}\` is a ${userText(outcome.project.skill, 100)} test.`,
  ]);
}

export function workEmbed(outcome: WorkOutcome): EmbedBuilder {
  const { test, work, project } = outcome;
  return embed(
    project.done ? DONE_COLOUR : CRAFTING_COLOUR,
    `🔨 ${userText(outcome.protagonist.name)} works on ${userText(project.name, 100)}`,
    [
      `${userText(project.skill, 100)}: **${formatPercentile(test.roll.value)}** vs ${testTargetText(test)}`,
      workVerdict(test.outcome, work.change, test.roll.value),
      ...(outcome.careful ? ["Careful work: easier, and it takes longer."] : []),
      progressBar(project.progress, project.complexity),
      ...(project.done ? ["✅ **Done**: the work is finished."] : []),
      ...(outcome.marked ? [`${userText(project.skill, 100)}'s failure mark is ticked.`] : []),
    ],
  );
}

export function abandonText(outcome: ProjectOutcome): string {
  const { project } = outcome;
  return project.done
    ? `**${userText(outcome.protagonist.name)}** puts the finished **${userText(project.name, 100)}** away.`
    : `**${userText(outcome.protagonist.name)}** abandons **${userText(project.name, 100)}** at ${project.progress}/${project.complexity}.`;
}

export function projectsEmbed(view: ProjectsView): EmbedBuilder {
  return embed(
    CRAFTING_COLOUR,
    `🔨 ${userText(view.protagonist.name)}'s projects`,
    view.projects.length
      ? view.projects.map(projectLine)
      : ["No project yet: `/craft start name:<the work> skill:<the skill>`."],
  );
}

export function craftingRefusalText(refusal: ExtraRefusal): string {
  const p = refusal.params;
  const project = userText(String(p.project ?? ""), 100);
  switch (refusal.code) {
    case "no-such-project":
      return `**${userText(String(p.protagonist ?? ""))}** has no project called **${project}**: pick one from the list (\`/craft list\`).`;
    case "project-exists":
      return `There already is a project called **${project}**: give the new one another name.`;
    case "too-many-projects":
      return `**${userText(String(p.protagonist ?? ""))}** already has ${Number(p.max)} projects: finish one, or \`/craft abandon\` one, first.`;
    case "already-done":
      return `**${project}** is already done. \`/craft abandon\` puts it away.`;
    default:
      return "That can't be done with Crafting right now.";
  }
}

/** The sheet's part: each project with its progress. */
export function craftingSheet(protagonist: ProtagonistSnapshot): ExtraSheetField[] {
  const { projects } = craftingStateOf(protagonist);
  return [
    {
      name: "Crafting",
      value: truncate(
        projects.length ? projects.map(projectLine).join("\n") : "No project.",
        EMBED_LIMITS.fieldValue,
      ),
    },
  ];
}
