import { EmbedBuilder } from "discord.js";
import { EMBED_LIMITS, truncate, userText } from "../../../../core/discord/format.js";
import { testTargetText } from "../../presentation/test-embed.js";
import { formatPercentile, OUTCOME_LABEL } from "../../rules/percentile.js";
import type { LoggedFact } from "../../services/event-facts.js";
import type { ProtagonistSnapshot } from "../../services/snapshot.js";
import { kindLine } from "../event-line.js";
import type { ExtraRefusal, ExtraSetting, ExtraSheetField } from "../module.js";
import {
  SUBSTANCE_EVENTS,
  type SubstanceCataloguePayload,
  type SubstanceDailyPayload,
  type SubstanceTakePayload,
} from "./events.js";
import { DEPENDENCE_TRIGGERS, type Effects } from "./rules.js";
import type { CatalogueOutcome, DailyOutcome, TakeOutcome } from "./service.js";
import { SUBSTANCES_SETTINGS } from "./settings.js";
import { substanceStateOf, type Substance, type SubstanceState } from "./state.js";

/** Every sentence Substances shows, in one place. */

export const SUBSTANCES_NAME = "Substances";
export const SUBSTANCES_SUMMARY =
  "Drugs and chemicals from the GM's list: taking one is a CON × 5 test that decides which effects come; an addictive one can make every action check hard until a daily test succeeds.";
/** The condition's name beside a test's target. */
export const DEPENDENT_LABEL = "Dependent";

const SUBSTANCE_COLOUR = 0x6c3483;
const CLEAR_COLOUR = 0x2ecc71;

const DEPENDENCE_WORDS: Readonly<Record<(typeof DEPENDENCE_TRIGGERS)[number], string>> = {
  failure: "failure: a failed or fumbled test on an addictive substance",
  "every-dose": "every-dose: every dose of an addictive substance",
};

export const SUBSTANCES_SETTING_WORDS: readonly ExtraSetting[] = [
  {
    ...SUBSTANCES_SETTINGS.dependence,
    label: "Dependence",
    meaning: "What makes the taker of an addictive substance dependent.",
    suggestions: [...DEPENDENCE_TRIGGERS],
    expected: "`failure` or `every-dose`",
    show: (value) => DEPENDENCE_WORDS[value === "every-dose" ? "every-dose" : "failure"],
  },
];

const EFFECTS_WORDS: Readonly<Record<Effects, string>> = {
  beneficial: "only its beneficial effects",
  both: "its beneficial and its harmful effects",
  harmful: "only its harmful effects",
};

const LOG_WORDS = {
  take: (p: SubstanceTakePayload) =>
    `${p.protagonist}: took ${p.substance} (CON × 5 ${formatPercentile(p.roll)} vs ${p.target}, ${OUTCOME_LABEL[p.outcome].toLowerCase()}): ${EFFECTS_WORDS[p.effects]}${p.becameDependent ? "; now dependent" : ""}`,
  daily: (p: SubstanceDailyPayload) =>
    `${p.protagonist}: daily test against dependence ${formatPercentile(p.roll)} vs ${p.target}: ${p.cleared.length ? "free of it" : "still dependent"}`,
  add: (p: SubstanceCataloguePayload) =>
    `Substances: ${p.substance} added (potency ${p.potency}${p.addictive ? ", addictive" : ""})`,
  remove: (p: SubstanceCataloguePayload) => `Substances: ${p.substance} removed`,
};

export function substancesEventLine(fact: LoggedFact): string | undefined {
  const { take, daily, add, remove } = SUBSTANCE_EVENTS;
  return (
    kindLine(fact, take, LOG_WORDS.take) ??
    kindLine(fact, daily, LOG_WORDS.daily) ??
    kindLine(fact, add, LOG_WORDS.add) ??
    kindLine(fact, remove, LOG_WORDS.remove)
  );
}

function substanceLine(s: Substance): string {
  const effects = [
    s.beneficial ? `➕ ${userText(s.beneficial, 200)}` : "",
    s.harmful ? `➖ ${userText(s.harmful, 200)}` : "",
  ].filter(Boolean);
  return [
    `**${userText(s.name, 100)}** — potency ${s.potency}${s.addictive ? " · addictive" : ""}`,
    ...effects,
  ].join("\n");
}

function dependenceText(state: SubstanceState): string {
  if (state.dependencies.length === 0) return "Not dependent.";
  const names = state.dependencies.map((d) => userText(d.substance, 100)).join(", ");
  return state.dependencies.some((d) => !d.relieved)
    ? `Dependent on ${names}: skill and stat tests are hard (−20) until the daily test (\`/substance daily\`) succeeds.`
    : `Dependent on ${names}, relieved for now by a dose: the next daily test decides.`;
}

export function takeEmbed(outcome: TakeOutcome): EmbedBuilder {
  const { substance, test } = outcome;
  const effects: string[] = [];
  if (outcome.effects !== "harmful" && substance.beneficial)
    effects.push(`➕ ${userText(substance.beneficial, 200)}`);
  if (outcome.effects !== "beneficial" && substance.harmful)
    effects.push(`➖ ${userText(substance.harmful, 200)}`);
  return new EmbedBuilder()
    .setColor(SUBSTANCE_COLOUR)
    .setTitle(
      truncate(
        `💊 ${userText(outcome.protagonist.name)} takes ${userText(substance.name, 100)}`,
        EMBED_LIMITS.title,
      ),
    )
    .setDescription(
      truncate(
        [
          `CON × 5: **${formatPercentile(test.roll.value)}** vs ${testTargetText(test)}${test.modifier > 0 ? " (easy: HP above the potency)" : ""}`,
          `${OUTCOME_LABEL[test.outcome]}: ${EFFECTS_WORDS[outcome.effects]}.`,
          ...effects,
          ...(outcome.becameDependent ? [`⛓️ ${dependenceText(outcome.state)}`] : []),
        ].join("\n"),
        EMBED_LIMITS.description,
      ),
    );
}

export function dailyEmbed(outcome: DailyOutcome): EmbedBuilder {
  const { test } = outcome;
  return new EmbedBuilder()
    .setColor(outcome.cleared.length ? CLEAR_COLOUR : SUBSTANCE_COLOUR)
    .setTitle(
      truncate(
        `⛓️ ${userText(outcome.protagonist.name)}: the daily test against dependence`,
        EMBED_LIMITS.title,
      ),
    )
    .setDescription(
      [
        `CON × 5: **${formatPercentile(test.roll.value)}** vs ${testTargetText(test)}`,
        outcome.cleared.length
          ? `Success: free of ${outcome.cleared.map((name) => userText(name, 100)).join(", ")}.`
          : `Failure. ${dependenceText(outcome.state)}`,
      ].join("\n"),
    );
}

export function catalogueText(outcome: CatalogueOutcome, added: boolean): string {
  return added
    ? `**${userText(outcome.substance.name, 100)}** is on **${userText(outcome.campaign.name)}**'s list of substances.`
    : `**${userText(outcome.substance.name, 100)}** is off the list of substances (dependencies on it stay until cleared).`;
}

export function catalogueEmbed(view: {
  campaign: { name: string };
  substances: Substance[];
}): EmbedBuilder {
  return new EmbedBuilder()
    .setColor(SUBSTANCE_COLOUR)
    .setTitle(truncate(`💊 Substances of ${userText(view.campaign.name)}`, EMBED_LIMITS.title))
    .setDescription(
      truncate(
        view.substances.length
          ? view.substances.map(substanceLine).join("\n")
          : "None yet: a GM adds one with `/substance add`.",
        EMBED_LIMITS.description,
      ),
    );
}

export function substancesRefusalText(refusal: ExtraRefusal): string {
  const p = refusal.params;
  const substance = userText(String(p.substance ?? ""), 100);
  switch (refusal.code) {
    case "no-such-substance":
      return `There is no substance called **${substance}** here: pick one from the list (\`/substance list\`).`;
    case "substance-exists":
      return `**${substance}** is already on the list: remove it first to change it.`;
    case "too-many-substances":
      return `The list holds ${Number(p.max)} substances at most: remove one first.`;
    case "not-dependent":
      return `**${userText(String(p.protagonist ?? ""))}** is not dependent on anything: there is no daily test to make.`;
    default:
      return "That can't be done with Substances right now.";
  }
}

/** The sheet's part: the dependence, and what it does to tests. */
export function substancesSheet(protagonist: ProtagonistSnapshot): ExtraSheetField[] {
  return [{ name: "Substances", value: dependenceText(substanceStateOf(protagonist)) }];
}
