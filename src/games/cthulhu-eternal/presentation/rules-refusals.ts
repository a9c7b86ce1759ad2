import { archetypeProblemText } from "./creation-violations.js";
import { plain, quoted } from "./inline-text.js";
import { sharedAdversityNoChangeText } from "./bond-reasons.js";
import type { RulesError } from "../rules/errors.js";
import type {
  BondAction,
  BondSpending,
  NumberField,
  RulesRefusal,
  RulesRefusalCode,
} from "../rules/refusals.js";

/**
 * The rules' refusals in the players' words: what the rules do not allow, and what to do. One
 * entry per code; a code added to the rules without its sentence here fails the type check.
 */
type RefusalTexts = {
  readonly [C in RulesRefusalCode]: (refusal: Extract<RulesRefusal, { code: C }>) => string;
};

const listed = (names: readonly string[]): string => names.map(plain).join(", ");

const BOND_ACTION: Readonly<Record<BondAction, string>> = {
  damage: "damaged",
  destroy: "destroyed",
  improve: "improved",
  project: "projected onto",
  repress: "drawn on to repress insanity",
};

const SPENDING: Readonly<Record<BondSpending, string>> = {
  projection: "projecting onto a Bond",
  repression: "repressing insanity",
};

const CROSSED_OFF = "It stays crossed off on the sheet; only a new Bond can replace it.";

/** What each checked number is called; `of` is whose, when it is someone's. */
const NUMBER_FIELD: Readonly<Record<NumberField, (of: string | undefined) => string>> = {
  "percentile-roll": () => "A percentile roll",
  target: () => "A test's target",
  stat: () => "A stat",
  rating: () => "A rating",
  modifier: () => "A modifier",
  "condition-modifier": () => "A condition's modifier",
  hp: () => "Hit points",
  wp: () => "Willpower points",
  "max-hp": () => "Maximum HP",
  "max-wp": () => "Maximum WP",
  "current-hp": () => "Current HP",
  "current-wp": () => "Current WP",
  "hp-change": () => "A change to HP",
  "wp-change": () => "A change to WP",
  damage: () => "Damage",
  "damage-bonus": () => "A damage bonus",
  armour: () => "Armour",
  lethality: () => "A lethality rating",
  "resources-award": () => "A Resources award",
  "resources-loss": () => "A Resources loss",
  "resources-rating": () => "A Resources rating",
  "resources-at-hand": () => "Resources at hand",
  "resources-stowed": () => "Resources stowed",
  "resources-in-storage": () => "Resources in storage",
  "checked-boxes": (of) =>
    of === undefined ? "Checked Resource boxes" : `${plain(of)}'s checked Resource boxes`,
  "specialised-cost": () => "A specialised item's cost",
  cha: () => "CHA",
  "bond-damage": () => "Bond damage",
  "bond-improvement": () => "A Bond improvement",
  "individual-bond-score": () => "An individual Bond's starting score",
  "community-bond-score": () => "A community Bond's starting score",
  "bond-score": (of) => `The Bond ${quoted(of ?? "")}`,
  san: () => "SAN",
  pow: () => "POW",
  "breaking-point": () => "The breaking point",
  unnatural: () => "Unnatural",
  "adaptation-boxes": (of) =>
    `${of === "helplessness" ? "Helplessness" : "Violence"} adaptation boxes`,
  "san-loss": () => "A SAN loss",
  "san-recovered": () => "SAN recovered",
  "skill-rating": (of) => plain(of ?? "A skill"),
};

function wholeNumberText(r: Extract<RulesRefusal, { code: "not-a-whole-number" }>): string {
  const range =
    r.min !== undefined && r.max !== undefined
      ? ` from ${r.min} to ${r.max}`
      : r.min !== undefined
        ? ` of ${r.min} or more`
        : "";
  return `${NUMBER_FIELD[r.field](r.of)} must be a whole number${range}, not ${plain(r.value)}.`;
}

type SheetPart = Extract<RulesRefusal, { code: "sheet-full" }>["part"];

/** What a full sheet holds, and what to do to make room. */
const SHEET_PART: Readonly<Record<SheetPart, { one: string; many: string; kept: string }>> = {
  bonds: {
    one: "Bond",
    many: "Bonds",
    kept: "broken and destroyed ones stay on it. A GM can erase a crossed-off Bond (`/bond erase`) to make room",
  },
  disorders: {
    one: "disorder",
    many: "disorders",
    kept: "cured ones stay on it. A GM can erase a cured disorder (`/campaign downtime disorder … erase:True`) to make room",
  },
  skills: {
    one: "skill",
    many: "skills",
    kept: "set the rating of a skill already on it instead",
  },
};

function sheetFullText(r: Extract<RulesRefusal, { code: "sheet-full" }>): string {
  const what = SHEET_PART[r.part];
  const asked = r.adding === 1 ? `another ${what.one}` : `${r.adding} more ${what.many}`;
  return `A sheet holds at most ${r.limit} ${what.many} and this one has ${r.held}, so there is no room for ${asked}: ${what.kept}.`;
}

export const RULES_REFUSAL_TEXT: RefusalTexts = {
  "bond-broken": (r) =>
    `The Bond ${quoted(r.bond)} cannot be ${BOND_ACTION[r.action]}: it is broken (its score reached 0). ${CROSSED_OFF}`,
  "bond-destroyed": (r) =>
    `The Bond ${quoted(r.bond)} cannot be ${BOND_ACTION[r.action]}: it is destroyed (its subject is gone). ${CROSSED_OFF}`,
  "bond-active": (r) =>
    `The Bond ${quoted(r.bond)} still stands: only a broken or destroyed Bond can be erased (destroy it first if its subject is gone).`,
  "bond-not-found": () => "That Bond is not on this Protagonist's sheet.",
  "bond-name-empty": () => "A Bond needs a name (e.g. “My wife”, “The Guild”).",
  "invalid-bond-kind": (r) =>
    r.withFellow
      ? "A Bond with a fellow Protagonist is an individual Bond."
      : `A Bond is either individual or community, not ${quoted(r.kind)}.`,
  "cha-too-low": (r) =>
    r.forming
      ? "With CHA 0 the Protagonist cannot form a new individual Bond."
      : "With CHA 0 the Protagonist cannot hold an individual Bond (its cap is CHA).",
  "bond-score-missing": () => "A community Bond needs a starting score (1–20).",
  "bond-id-empty": () => "A Bond id cannot be empty.",
  "bond-id-taken": (r) => `There is already a Bond with id ${quoted(r.id)}.`,
  "bond-exists": (r) =>
    r.withFellow
      ? `There is already an active Bond with that Protagonist (${quoted(r.bond)}).`
      : `There is already an active Bond ${quoted(r.bond)}.`,
  "cha-not-lowered": (r) =>
    `CHA went up (${r.before} → ${r.after}); Bonds only follow CHA down, so raise them separately.`,
  "dice-unavailable": () => "Rolling 1D4 of Bond damage needs dice.",

  "already-projected": () => "This SAN loss has already been projected onto a Bond.",
  "nothing-to-project": () => "There is no SAN loss to project onto a Bond.",
  "invalid-threat": (r) =>
    `The threat must be Unnatural, Violence or Helplessness, not ${plain(r.threat)}.`,
  "no-willpower": (r) => `With 0 WP there is no Willpower left for ${SPENDING[r.spending]}.`,
  "wp-shortfall": (r) =>
    `Rolled ${r.roll} on 1D4 for ${SPENDING[r.spending]} but only ${r.wp} WP remain; this campaign does not allow spending more WP than you have.`,

  "invalid-fellow-choice": () => "Choose among the fellows who made it back, each once.",
  "fellows-not-chosen": (r) =>
    `${r.fellows} fellows made it back: choose the ${r.count} to bond with, not ${r.chosen}.`,
  "too-many-fellows": (r) =>
    `Shared adversity forms Bonds with at most ${r.maximum} fellow Protagonists, not ${r.fellows}: pick ${r.maximum === 5 ? "five" : r.maximum}.`,
  "invalid-fellow": () => "Each fellow Protagonist needs an id and a name.",
  "duplicate-fellow": (r) => `${plain(r.fellow)} is listed twice.`,
  "unexpected-choice": (r) =>
    r.isFellow
      ? `There is no Bond to weaken for ${plain(r.fellow)}, so none can be chosen.`
      : `A Bond to weaken was chosen for ${quoted(r.fellow)}, who is not one of the fellows.`,
  "choice-missing": (r) => `Choose a Bond to weaken for ${plain(r.fellow)}: ${listed(r.eligible)}.`,
  "ineligible-choice": (r) =>
    `That Bond cannot pay for ${plain(r.fellow)}: pick an active Bond to no one who was on the adventure (${listed(r.eligible)}).`,

  "no-resources": (r) =>
    `${r.protagonist === null ? "The Protagonist" : plain(r.protagonist)} has Resources 0: there is nothing to test. Only a Resources gain from the GM would give some.`,
  "resources-exhausted": (r) =>
    `every Resource check box of ${r.protagonist === null ? "the Protagonist" : plain(r.protagonist)} is checked: the pool is exhausted. Replenish it in downtime (the GM clears the checks) before testing Resources again.`,
  "invalid-difficulty": (r) =>
    `A Resources test is normal, hard or very-hard, not ${quoted(r.difficulty)}.`,
  "invalid-location": (r) =>
    `Say where the Protagonist is: at-hand, with-vehicle or home, not ${quoted(r.where)}.`,
  "invalid-resources-award": (r) =>
    `The award ${r.dice} can never add a point; give points or dice such as 1D6.`,
  "pool-empty": () => "A pooled Resources test needs at least one contributor.",
  "invalid-contributor": () => "Each contributor needs an id and a name.",
  "duplicate-contributor": (r) => `${plain(r.contributor)} is listed twice.`,
  "pool-contributor-exhausted": (r) =>
    `${listed(r.contributors)} cannot contribute: every Resource check box is checked (or there are none). Replenish in downtime, or pool without them.`,

  "not-a-whole-number": wholeNumberText,
  "resources-breakdown": (r) =>
    `At hand, stowed and in storage (${r.atHand} + ${r.stowed} + ${r.inStorage} = ${r.atHand + r.stowed + r.inStorage}) must add up to the Resources rating ${r.rating}.`,
  "resources-boxes": (r) =>
    `Resources ${r.rating} gives ${r.boxes} check ${r.boxes === 1 ? "box" : "boxes"}, not ${r.given}.`,
  "sheet-full": sheetFullText,
  "invalid-archetype": (r) => {
    const which = [
      r.position === null ? null : `${r.position}`,
      r.archetype === null ? null : `“${plain(r.archetype)}”`,
    ].filter((part) => part !== null);
    const problems = r.problems.map((p) => archetypeProblemText(p)).join("; ");
    return r.position === null
      ? `${which.length ? `Archetype ${which.join(" ")}` : "This archetype"} is not valid: ${problems}.`
      : `The campaign's custom archetype ${which.join(" ")} is not valid: ${problems}. A GM needs to fix it.`;
  },
  "no-choice-needed": (r) => `${sharedAdversityNoChangeText(r.reason)} No Bond needs to be chosen.`,

  "already-exhausted": () =>
    "This Protagonist is already exhausted; rest first, or have the GM adjust WP directly.",
  "skill-name-empty": () => "A skill needs a name.",
  "unknown-skill": (r) => `There is no skill called "${plain(r.skill)}".`,
  "harsh-pick-missing": () => "A Harsh upbringing adds 1 to STR or CON: choose which.",
};

export function rulesRefusalText(refusal: RulesRefusal): string {
  const render = RULES_REFUSAL_TEXT[refusal.code] as (r: RulesRefusal) => string;
  return render(refusal);
}

/** What the player reads for a rules refusal: its code worded here, or the rule's own words. */
export function rulesErrorText(error: RulesError): string {
  return error.refusal === undefined ? error.message : rulesRefusalText(error.refusal);
}
