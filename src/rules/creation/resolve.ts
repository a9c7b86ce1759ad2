import type { RuleOptions } from "../options.js";
import { STAT_NAMES } from "../types.js";
import type { BondKind, Era, Harshness, StatName, Stats } from "../types.js";
import { archetypesFor } from "./archetypes/index.js";
import type { Archetype } from "./archetypes/index.js";
import { COMMUNITY_BOND_MAX, PICK_POINTS, pickBudget, tradeInBonus } from "./choices.js";
import type { CreationDraft, PickBudget, StatChoice } from "./choices.js";
import {
  ADVERSITY_SKILLS,
  UNNATURAL,
  formatSkillName,
  normaliseSpecialisation,
  parseSkillName,
  resolveSkill,
  skillCatalog,
} from "./skills.js";
import type { ResolvedSkill, SkillCatalog, SkillDefinition } from "./skills.js";
import {
  ASSIGNABLE_SETS,
  STAT_MAX,
  STAT_MIN,
  STAT_POINT_TOTAL,
  adversityPickCount,
  fitsWithin,
  isAssignableSetId,
} from "./stats.js";
import type { HarshBonusStat } from "./stats.js";
import type { CreationAdvice, CreationViolation, CreationViolationCode } from "./violations.js";

/** Campaign settings that shape creation beyond the rule options. */
export interface CreationContext {
  /** Report only what is already wrong (the guided flow's drafts). */
  partial?: boolean;
  /** GM-defined archetypes (validated with `archetypeSchema`). */
  customArchetypes?: readonly unknown[];
  /** GM-defined skills, added to (or replacing by name) the era's list. */
  customSkills?: readonly SkillDefinition[];
  /** Replaces the era's adversity skill list. */
  adversitySkills?: readonly string[];
}

export type CreationOptions = Pick<RuleOptions, "creationSkillCap" | "unnaturalBonusPicks">;

/** Where a skill's points came from, in the order they were applied. */
export type SkillPointSource =
  | { kind: "base"; rating: number }
  /** An archetypal skill: its rating replaces the base. */
  | { kind: "archetype"; rating: number }
  /** One of the archetype's "choose any N" skills: its rating replaces the base. */
  | { kind: "archetype-choice"; rating: number }
  | { kind: "adversity"; points: number }
  | { kind: "bonus"; points: number };

export interface SheetSkill {
  /** Case-insensitive identity ("art (painting)"). */
  key: string;
  /** Display name ("Art (Painting)"); "Art (Type)" in a preview whose specialisation is unnamed. */
  name: string;
  /** The skill without its specialisation ("Art"). */
  skill: string;
  specialisation: string | null;
  base: number;
  rating: number;
  sources: SkillPointSource[];
}

export interface ResourcesBreakdown {
  archetype: number;
  tradeInPicks: number;
  tradeInBonus: number;
  /** Set to 0 for an extra bonus pick. */
  zero: boolean;
  rating: number;
}

export interface BondBreakdown {
  index: number;
  name: string;
  kind: BondKind;
  /** What the starting score was taken from. */
  startsFrom: "cha" | "half-resources" | "set-to-one";
  /** Null while the CHA or Resources it needs is not known yet. */
  start: number | null;
  tradeInPicks: number;
  tradeInBonus: number;
  score: number | null;
}

/** Everything worked out from a (possibly partial) draft, and everything wrong with it. */
export interface CreationResolution {
  violations: CreationViolation[];
  advice: CreationAdvice[];
  era: Era | undefined;
  harshness: Harshness | undefined;
  archetype: Archetype | undefined;
  /** Stats as assigned, before the harsh-upbringing bonus. */
  assignedStats: Partial<Stats>;
  harshBonus: Partial<Record<HarshBonusStat, number>>;
  /** Stats after the harsh-upbringing bonus. */
  stats: Partial<Stats>;
  skills: SheetSkill[];
  resources: ResourcesBreakdown | undefined;
  bonds: BondBreakdown[];
  picks: PickBudget;
}

type Report = (code: CreationViolationCode, path: string, message: string) => void;

const SPECIALISATION_EXAMPLES: Readonly<Record<string, string>> = {
  art: "Painting",
  craft: "Carpentry",
  "foreign language": "French",
  law: "Criminal",
  "military training": "Infantry",
  pilot: "Helicopter",
  "regional lore": "New England",
  "planet/station lore": "Mars",
  science: "Biology",
  survival: "Desert",
};

function exampleFor(skill: string): string {
  const example = SPECIALISATION_EXAMPLES[skill.toLowerCase()] ?? "Kind";
  return `${skill} (${example})`;
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

function listOf(values: readonly number[]): string {
  return values.join(", ");
}

function sortedDescending(values: readonly number[]): number[] {
  return [...values].sort((a, b) => b - a);
}

const HARSHNESS_NAMES: Record<Harshness, string> = {
  normal: "Normal",
  harsh: "Harsh",
  "very-harsh": "Very Harsh",
};

const ERA_NAMES: Record<Era, string> = { modern: "Modern", future: "Future" };

function checkStats(
  choice: StatChoice<Partial<Stats>> | undefined,
  partial: boolean,
  report: Report,
): Partial<Stats> {
  if (choice === undefined) {
    if (!partial) {
      report(
        "stats-missing",
        "stats",
        "Choose how to make your stats: roll 4D6 (drop the lowest) six times, divide 72 points, or use an assignable set.",
      );
    }
    return {};
  }
  const assigned: Partial<Stats> = {};
  const missing: StatName[] = [];
  for (const stat of STAT_NAMES) {
    const value = choice.assignment[stat];
    if (value === undefined) {
      missing.push(stat);
      if (!partial) report("stat-missing", `stats.assignment.${stat}`, `${stat} has no value yet.`);
      continue;
    }
    if (!Number.isInteger(value) || value < STAT_MIN || value > STAT_MAX) {
      report(
        "stat-out-of-range",
        `stats.assignment.${stat}`,
        `${stat} is ${value}; each stat must be a whole number from ${STAT_MIN} to ${STAT_MAX} (before any harsh-upbringing bonus).`,
      );
    }
    assigned[stat] = value;
  }
  const values = Object.values(assigned);
  switch (choice.method) {
    case "points": {
      const total = values.reduce((sum, value) => sum + value, 0);
      if (missing.length === 0 && total !== STAT_POINT_TOTAL) {
        const difference = STAT_POINT_TOTAL - total;
        report(
          "stat-total",
          "stats.assignment",
          `Your stats add up to ${total}; they must add up to exactly ${STAT_POINT_TOTAL} (${
            difference > 0 ? `${difference} more to place` : `${-difference} too many`
          }).`,
        );
      } else if (total + STAT_MIN * missing.length > STAT_POINT_TOTAL) {
        report(
          "stat-total",
          "stats.assignment",
          `Your stats so far add up to ${total}; with ${missing.length} still to set at ${STAT_MIN} or more, the total would pass ${STAT_POINT_TOTAL}.`,
        );
      } else if (total + STAT_MAX * missing.length < STAT_POINT_TOTAL) {
        report(
          "stat-total",
          "stats.assignment",
          `Your stats so far add up to ${total}; even at ${STAT_MAX} each, the ${missing.length} still to set cannot bring the total to ${STAT_POINT_TOTAL}.`,
        );
      }
      break;
    }
    case "set": {
      if (!isAssignableSetId(choice.set)) {
        report(
          "stat-set-unknown",
          "stats.set",
          `There is no assignable set "${String(choice.set)}"; choose Well-Rounded, Focused or Highly Focused.`,
        );
        break;
      }
      const set = ASSIGNABLE_SETS[choice.set];
      if (!fitsWithin(values, set.values)) {
        report(
          "stat-not-from-set",
          "stats.assignment",
          `With the ${set.name} set, your stats must use ${listOf(set.values)}, each once; you have ${listOf(sortedDescending(values))}.`,
        );
      }
      break;
    }
    case "rolled": {
      const rollsValid =
        choice.rolls.length === STAT_NAMES.length &&
        choice.rolls.every((r) => Number.isInteger(r) && r >= STAT_MIN && r <= STAT_MAX);
      if (!rollsValid) {
        report(
          "stat-rolls-invalid",
          "stats.rolls",
          `Rolled stats need six totals of 4D6 (drop the lowest), each from ${STAT_MIN} to ${STAT_MAX}; got ${listOf(choice.rolls)}.`,
        );
      } else if (!fitsWithin(values, choice.rolls)) {
        report(
          "stat-not-from-rolls",
          "stats.assignment",
          `Your stats must use your rolls (${listOf(sortedDescending(choice.rolls))}), each once; you have ${listOf(sortedDescending(values))}.`,
        );
      }
      break;
    }
  }
  return assigned;
}

function checkHarshness(
  draft: CreationDraft,
  partial: boolean,
  report: Report,
): Partial<Record<HarshBonusStat, number>> {
  const { harshness, harshBonusStat } = draft;
  if (harshness === undefined) {
    if (!partial) {
      report(
        "harshness-missing",
        "harshness",
        "Agree with your GM how harsh your upbringing was: Normal, Harsh or Very Harsh.",
      );
    }
    return {};
  }
  if (harshness === "harsh") {
    if (harshBonusStat === undefined) {
      if (!partial) {
        report(
          "harsh-pick-missing",
          "harshBonusStat",
          "A Harsh upbringing adds 1 to STR or CON: choose which.",
        );
      }
      return {};
    }
    return { [harshBonusStat]: 1 };
  }
  if (harshBonusStat !== undefined) {
    report(
      "harsh-pick-not-applicable",
      "harshBonusStat",
      harshness === "very-harsh"
        ? "A Very Harsh upbringing adds 1 to both STR and CON; there is nothing to choose."
        : "A Normal upbringing gives no STR or CON bonus; remove that choice.",
    );
  }
  return harshness === "very-harsh" ? { STR: 1, CON: 1 } : {};
}

function findArchetypeFor(
  draft: CreationDraft,
  era: Era,
  context: CreationContext,
  partial: boolean,
  report: Report,
): Archetype | undefined {
  const wanted = draft.archetypeId?.trim().toLowerCase();
  if (wanted === undefined || wanted === "") {
    if (!partial) report("archetype-missing", "archetypeId", "Choose an archetype.");
    return undefined;
  }
  const archetypes = archetypesFor(era, context.customArchetypes, context.customSkills);
  const found = archetypes.find((a) => a.id === wanted);
  if (found === undefined) {
    report(
      "archetype-unknown",
      "archetypeId",
      `There is no "${draft.archetypeId ?? ""}" archetype in the ${ERA_NAMES[era]} era; choose one of: ${archetypes
        .map((a) => a.name)
        .join(", ")}.`,
    );
  }
  return found;
}

/** The skills on a sheet, keyed case-insensitively, with the pick that last touched each. */
class SkillLedger {
  private readonly entries = new Map<string, SheetSkill>();
  private readonly lastPickPath = new Map<string, string>();

  constructor(private readonly catalog: SkillCatalog) {
    for (const definition of catalog.skills) {
      if (!definition.typed) this.entryFor(this.untyped(definition));
    }
  }

  private untyped(definition: SkillDefinition): ResolvedSkill {
    return {
      key: definition.name.toLowerCase(),
      name: definition.name,
      definition,
      specialisation: null,
    };
  }

  has(key: string): boolean {
    const entry = this.entries.get(key);
    return entry !== undefined && entry.sources.some((s) => s.kind !== "base");
  }

  entryFor(skill: ResolvedSkill): SheetSkill {
    let entry = this.entries.get(skill.key);
    if (entry === undefined) {
      entry = {
        key: skill.key,
        name: skill.name,
        skill: skill.definition.name,
        specialisation: skill.specialisation,
        base: skill.definition.base,
        rating: skill.definition.base,
        sources: [{ kind: "base", rating: skill.definition.base }],
      };
      this.entries.set(skill.key, entry);
    }
    return entry;
  }

  /** An archetypal rating replaces the base rating. */
  setRating(
    skill: ResolvedSkill,
    kind: "archetype" | "archetype-choice",
    rating: number,
  ): SheetSkill {
    const entry = this.entryFor(skill);
    entry.sources.push({ kind, rating });
    entry.rating = rating;
    return entry;
  }

  /**
   * Adversity and bonus picks add 20 to the current rating: the base when nothing set the skill
   * yet, otherwise the score the archetype or earlier picks gave it (seed 000).
   */
  addPick(skill: ResolvedSkill, kind: "adversity" | "bonus", path: string): SheetSkill {
    const entry = this.entryFor(skill);
    entry.sources.push({ kind, points: PICK_POINTS });
    entry.rating += PICK_POINTS;
    this.lastPickPath.set(skill.key, path);
    return entry;
  }

  pickPath(key: string): string | undefined {
    return this.lastPickPath.get(key);
  }

  /** Skills in the era's list order, specialisations of a skill together and alphabetical. */
  list(): SheetSkill[] {
    const order = new Map(this.catalog.skills.map((d, i) => [d.name.toLowerCase(), i]));
    const position = (s: SheetSkill): number =>
      order.get(s.skill.toLowerCase()) ?? Number.MAX_SAFE_INTEGER;
    return [...this.entries.values()].sort(
      (a, b) =>
        position(a) - position(b) ||
        (a.specialisation ?? "").localeCompare(b.specialisation ?? "", "en"),
    );
  }
}

/** Specialisation the player gave for an archetype's "(Type)" skill; keys may be "Art" or "art (type)". */
function specialisationsByName(draft: CreationDraft): Map<string, { key: string; value: string }> {
  const found = new Map<string, { key: string; value: string }>();
  for (const [key, value] of Object.entries(draft.archetypeSpecialisations ?? {})) {
    found.set(parseSkillName(key).name.toLowerCase(), { key, value });
  }
  return found;
}

function applyArchetypeSkills(
  draft: CreationDraft,
  archetype: Archetype,
  ledger: SkillLedger,
  catalog: SkillCatalog,
  partial: boolean,
  report: Report,
): void {
  const given = specialisationsByName(draft);
  const used = new Set<string>();
  archetype.skills.forEach((granted) => {
    const definition = catalog.find(granted.skill);
    if (definition === undefined) return; // archetypes are validated against the catalog
    let text = granted.skill;
    if (definition.typed && parseSkillName(granted.skill).specialisation === null) {
      const choice = given.get(definition.name.toLowerCase());
      used.add(definition.name.toLowerCase());
      const specialisation = choice === undefined ? null : normaliseSpecialisation(choice.value);
      if (specialisation === null) {
        if (!partial || choice !== undefined) {
          report(
            "archetype-specialisation-missing",
            `archetypeSpecialisations.${choice?.key ?? definition.name}`,
            `${archetype.name} has ${definition.name} (Type) at ${granted.rating}%: name the kind of ${definition.name}, e.g. ${exampleFor(definition.name)}.`,
          );
        }
        // Shown unspecialised in a preview until the player names it.
        const pending: ResolvedSkill = {
          key: `${definition.name.toLowerCase()} (type)`,
          name: `${definition.name} (Type)`,
          definition,
          specialisation: null,
        };
        ledger.setRating(pending, "archetype", granted.rating);
        return;
      }
      text = formatSkillName(definition.name, specialisation);
    }
    const resolution = resolveSkill(catalog, text);
    if (!resolution.ok) return;
    if (ledger.has(resolution.skill.key)) {
      report(
        "archetype-specialisation-duplicate",
        `archetypeSpecialisations.${definition.name}`,
        `${archetype.name} already gives ${resolution.skill.name}; name a different kind of ${definition.name}.`,
      );
      return;
    }
    ledger.setRating(resolution.skill, "archetype", granted.rating);
  });
  for (const [name, { key }] of given) {
    if (!used.has(name)) {
      report(
        "archetype-specialisation-unexpected",
        `archetypeSpecialisations.${key}`,
        `${archetype.name} has no "(Type)" skill called ${parseSkillName(key).name} to specialise; remove it.`,
      );
    }
  }
}

function reportSpecialisationProblem(
  problem: "specialisation-missing" | "specialisation-unexpected",
  skillName: string,
  path: string,
  report: Report,
): void {
  if (problem === "specialisation-missing") {
    report(
      "specialisation-missing",
      path,
      `${skillName} needs a specialisation: write it like ${exampleFor(skillName)}.`,
    );
  } else {
    report(
      "specialisation-unexpected",
      path,
      `${skillName} does not take a specialisation; write just "${skillName}".`,
    );
  }
}

function applyOptionalSkills(
  draft: CreationDraft,
  archetype: Archetype,
  ledger: SkillLedger,
  catalog: SkillCatalog,
  partial: boolean,
  report: Report,
): void {
  const picks = draft.optionalSkills ?? [];
  const wanted = archetype.optionalSkillCount;
  if (picks.length > wanted || (!partial && picks.length < wanted)) {
    const difference = picks.length - wanted;
    report(
      "optional-count",
      "optionalSkills",
      `${archetype.name} chooses ${wanted} skills from its list; you chose ${picks.length} (${
        difference > 0 ? `${difference} too many` : `${-difference} more to choose`
      }).`,
    );
  }
  const listNames = archetype.optionalSkills.map((o) => `${o.skill} ${o.rating}%`).join(", ");
  const taken = new Set<number>();
  const pickedHere = new Set<string>();
  picks.forEach((pick, index) => {
    const path = `optionalSkills[${index}]`;
    const parsed = parseSkillName(pick);
    const candidates = archetype.optionalSkills
      .map((entry, at) => ({ entry, at, parsed: parseSkillName(entry.skill) }))
      .filter((c) => c.parsed.name.toLowerCase() === parsed.name.toLowerCase())
      // A list entry naming one specialisation offers only that one.
      .filter(
        (c) =>
          c.parsed.specialisation === null ||
          c.parsed.specialisation.toLowerCase() === (parsed.specialisation ?? "").toLowerCase(),
      );
    if (candidates.length === 0) {
      report(
        "optional-not-on-list",
        path,
        `${parsed.name} is not on the ${archetype.name} list; choose from: ${listNames}.`,
      );
      return;
    }
    const candidate = candidates.find((c) => !taken.has(c.at));
    if (candidate === undefined) {
      const entryName = candidates[0]?.entry.skill ?? pick;
      report(
        "optional-duplicate",
        path,
        `${entryName} is on the ${archetype.name} list once, so it can be chosen only once.`,
      );
      return;
    }
    const resolution = resolveSkill(catalog, pick);
    if (!resolution.ok) {
      if (resolution.problem !== "skill-unknown") {
        reportSpecialisationProblem(resolution.problem, parsed.name, path, report);
      }
      return;
    }
    const skill = resolution.skill;
    if (ledger.has(skill.key)) {
      report(
        "optional-already-held",
        path,
        pickedHere.has(skill.key)
          ? `You already chose ${skill.name}; choose a skill you don't have yet.`
          : `${archetype.name} already gives you ${skill.name}; the list is for skills you don't have yet.`,
      );
      return;
    }
    taken.add(candidate.at);
    pickedHere.add(skill.key);
    ledger.setRating(skill, "archetype-choice", candidate.entry.rating);
  });
}

function applyAdversitySkills(
  draft: CreationDraft,
  era: Era,
  ledger: SkillLedger,
  catalog: SkillCatalog,
  context: CreationContext,
  partial: boolean,
  report: Report,
): void {
  const picks = draft.adversitySkills ?? [];
  const harshness = draft.harshness;
  if (harshness !== undefined) {
    const allowed = adversityPickCount(harshness);
    if (picks.length > allowed || (!partial && picks.length < allowed)) {
      const upbringing = `A ${HARSHNESS_NAMES[harshness]} upbringing`;
      report(
        "adversity-count",
        "adversitySkills",
        allowed === 0
          ? `${upbringing} gives no adversity picks; remove ${plural(picks.length, "pick")}.`
          : `${upbringing} gives ${plural(allowed, "adversity pick")}; you made ${picks.length}.`,
      );
    }
  }
  const list = context.adversitySkills ?? ADVERSITY_SKILLS[era];
  const listed = list.map((entry) => parseSkillName(entry));
  picks.forEach((pick, index) => {
    const path = `adversitySkills[${index}]`;
    const parsed = parseSkillName(pick);
    const onList = listed.some(
      (entry) =>
        entry.name.toLowerCase() === parsed.name.toLowerCase() &&
        (entry.specialisation === null ||
          entry.specialisation.toLowerCase() === (parsed.specialisation ?? "").toLowerCase()),
    );
    if (!onList) {
      report(
        "adversity-not-on-list",
        path,
        `${parsed.name} is not an adversity skill; adversity picks go to ${list.join(", ")}.`,
      );
      return;
    }
    const resolution = resolveSkill(catalog, pick);
    if (!resolution.ok) {
      if (resolution.problem !== "skill-unknown") {
        reportSpecialisationProblem(resolution.problem, parsed.name, path, report);
      }
      return;
    }
    ledger.addPick(resolution.skill, "adversity", path);
  });
}

function applyBonusSkills(
  draft: CreationDraft,
  era: Era,
  ledger: SkillLedger,
  catalog: SkillCatalog,
  options: CreationOptions,
  report: Report,
): void {
  (draft.bonusSkills ?? []).forEach((pick, index) => {
    const path = `bonusSkills[${index}]`;
    const resolution = resolveSkill(catalog, pick);
    if (!resolution.ok) {
      const name = parseSkillName(pick).name;
      if (resolution.problem === "skill-unknown") {
        report(
          "skill-unknown",
          path,
          `There is no ${ERA_NAMES[era]} skill called "${name}"; check the spelling.`,
        );
      } else {
        reportSpecialisationProblem(resolution.problem, name, path, report);
      }
      return;
    }
    if (resolution.skill.definition.name === UNNATURAL && !options.unnaturalBonusPicks) {
      report(
        "unnatural-at-creation",
        path,
        "This campaign does not let bonus picks raise Unnatural at creation; it grows only through encounters with the unnatural.",
      );
      return;
    }
    ledger.addPick(resolution.skill, "bonus", path);
  });
}

function checkSkillCap(ledger: SkillLedger, options: CreationOptions, report: Report): void {
  const cap = options.creationSkillCap;
  for (const skill of ledger.list()) {
    const path = ledger.pickPath(skill.key);
    // Only picks raise a skill; an archetype rating above a lower GM cap is not the player's doing.
    if (path === undefined || skill.rating <= cap) continue;
    const excess = Math.ceil((skill.rating - cap) / PICK_POINTS);
    report(
      "skill-above-cap",
      path,
      `${skill.name} would reach ${skill.rating}%, above the creation limit of ${cap}%; move ${plural(excess, "pick")} to other skills.`,
    );
  }
}

function checkResources(
  draft: CreationDraft,
  archetype: Archetype | undefined,
  report: Report,
): ResourcesBreakdown | undefined {
  const tradeInPicks = draft.resources?.tradeInPicks ?? 0;
  const zero = draft.resources?.zero ?? false;
  const validPicks = Number.isInteger(tradeInPicks) && tradeInPicks >= 0;
  if (!validPicks) {
    report(
      "resources-trade-in-invalid",
      "resources.tradeInPicks",
      `Trade in a whole number of picks (0 or more) for Resources, not ${tradeInPicks}.`,
    );
  }
  if (zero && validPicks && tradeInPicks > 0) {
    report(
      "resources-conflict",
      "resources",
      "Resources cannot be both set to 0 (for an extra pick) and raised with traded picks; choose one.",
    );
  }
  if (archetype === undefined) return undefined;
  const picks = validPicks && !zero ? tradeInPicks : 0;
  const bonus = tradeInBonus(picks);
  return {
    archetype: archetype.resources,
    tradeInPicks: picks,
    tradeInBonus: bonus,
    zero,
    rating: zero ? 0 : archetype.resources + bonus,
  };
}

/** Picks to drop so a Community Bond starting at `start` stays within the maximum. */
function picksOver(start: number, picks: number): number {
  let over = 0;
  while (picks - over > 0 && start + tradeInBonus(picks - over) > COMMUNITY_BOND_MAX) over += 1;
  return over;
}

function checkBonds(
  draft: CreationDraft,
  archetype: Archetype | undefined,
  cha: number | undefined,
  resources: number | undefined,
  partial: boolean,
  report: Report,
): BondBreakdown[] {
  const bonds = draft.bonds ?? [];
  if (archetype !== undefined) {
    const wanted = archetype.bonds;
    if (bonds.length > wanted || (!partial && bonds.length < wanted)) {
      report(
        "bond-count",
        "bonds",
        `${archetype.name} has ${plural(wanted, "Bond")}; you have described ${bonds.length}.`,
      );
    }
  }
  return bonds.map((bond, index) => {
    const path = `bonds[${index}]`;
    const label = bond.name.trim() === "" ? `Bond ${index + 1}` : bond.name.trim();
    if (!partial && bond.name.trim() === "") {
      report(
        "bond-name-missing",
        `${path}.name`,
        `Give Bond ${index + 1} a name, such as "My sister Ana" or "St. Mary's congregation".`,
      );
    }
    const rawPicks = bond.tradeInPicks ?? 0;
    const validPicks = Number.isInteger(rawPicks) && rawPicks >= 0;
    if (!validPicks) {
      report(
        "bond-trade-in-invalid",
        `${path}.tradeInPicks`,
        `Trade in a whole number of picks (0 or more) for ${label}, not ${rawPicks}.`,
      );
    }
    const picks = validPicks ? rawPicks : 0;
    const setToOne = bond.setToOne === true;
    if (bond.kind === "individual") {
      if (picks > 0 || setToOne) {
        report(
          "bond-trade-in-individual",
          path,
          `${label} is an Individual Bond: it starts at your CHA, and only Community Bonds take trade-ins or start at 1.`,
        );
      }
      const score = cha ?? null;
      return {
        index,
        name: bond.name,
        kind: bond.kind,
        startsFrom: "cha",
        start: score,
        tradeInPicks: 0,
        tradeInBonus: 0,
        score,
      };
    }
    if (setToOne) {
      if (picks > 0) {
        report(
          "bond-conflict",
          path,
          `${label} cannot both start at 1 (for an extra pick) and be raised with traded picks; choose one.`,
        );
      }
      return {
        index,
        name: bond.name,
        kind: bond.kind,
        startsFrom: "set-to-one",
        start: 1,
        tradeInPicks: 0,
        tradeInBonus: 0,
        score: 1,
      };
    }
    // Half the final Resources, rounded up (within the 1–20 scale).
    const start =
      resources === undefined ? null : Math.min(COMMUNITY_BOND_MAX, Math.ceil(resources / 2));
    const bonus = tradeInBonus(picks);
    // Our default: never 0 (a 0 Bond is broken), so Resources 0 alone gives a Bond of 1.
    const score = start === null ? null : Math.max(1, start + bonus);
    if (start !== null && score !== null && picks > 0 && score > COMMUNITY_BOND_MAX) {
      report(
        "bond-above-max",
        `${path}.tradeInPicks`,
        `${label} would reach ${score}, but a Community Bond can be at most ${COMMUNITY_BOND_MAX}; trade in ${plural(picksOver(start, picks), "pick")} fewer.`,
      );
    }
    return {
      index,
      name: bond.name,
      kind: bond.kind,
      startsFrom: "half-resources",
      start,
      tradeInPicks: picks,
      tradeInBonus: bonus,
      score,
    };
  });
}

function checkPickBudget(budget: PickBudget, partial: boolean, report: Report): void {
  if (budget.remaining === 0 || (partial && budget.remaining > 0)) return;
  const extras: string[] = [];
  if (budget.extraForZeroResources > 0) extras.push("1 for Resources 0");
  if (budget.extraForBondsAtOne > 0) {
    extras.push(`${budget.extraForBondsAtOne} for Community Bonds at 1`);
  }
  const allowance =
    extras.length === 0
      ? `${budget.allowance} bonus picks`
      : `${budget.allowance} bonus picks (${budget.standard} + ${extras.join(" + ")})`;
  const tradedIn = budget.resourcesTradeIns + budget.communityBondTradeIns;
  const spent = `${budget.skillPicks} on skills, ${tradedIn} traded in`;
  report(
    "bonus-count",
    "bonusSkills",
    budget.remaining > 0
      ? `You have ${allowance} and have used ${budget.used} (${spent}): ${budget.remaining} still to spend on skills or trade in before play.`
      : `You have ${allowance} but have used ${budget.used} (${spent}): ${-budget.remaining} too many.`,
  );
}

function recommendedStatAdvice(archetype: Archetype, stats: Partial<Stats>): CreationAdvice[] {
  return archetype.recommendedStats.flatMap((stat) => {
    const value = stats[stat];
    return value !== undefined && value < 10
      ? [
          {
            code: "recommended-stat" as const,
            path: `stats.assignment.${stat}`,
            message: `${archetype.name} recommends ${stat} 10 or higher; yours is ${value}.`,
          },
        ]
      : [];
  });
}

/**
 * Work out everything a draft already determines, and every way it breaks the rules.
 * Pure and total: invalid parts are reported and left out rather than thrown.
 */
export function resolveCreation(
  draft: CreationDraft,
  options: CreationOptions,
  context: CreationContext = {},
): CreationResolution {
  const partial = context.partial ?? false;
  const violations: CreationViolation[] = [];
  const report: Report = (code, path, message) => violations.push({ code, path, message });

  if (!partial && (draft.name === undefined || draft.name.trim() === "")) {
    report("name-missing", "name", "Give your Protagonist a name.");
  }
  const era = draft.era;
  if (era === undefined && !partial) {
    report("era-missing", "era", "Choose the era of your campaign: Modern or Future.");
  }
  const assignedStats = checkStats(draft.stats, partial, report);
  const harshBonus = checkHarshness(draft, partial, report);
  const stats: Partial<Stats> = { ...assignedStats };
  if (stats.STR !== undefined) stats.STR += harshBonus.STR ?? 0;
  if (stats.CON !== undefined) stats.CON += harshBonus.CON ?? 0;

  const catalog = era === undefined ? undefined : skillCatalog(era, context.customSkills);
  const archetype =
    era === undefined ? undefined : findArchetypeFor(draft, era, context, partial, report);
  const ledger = catalog === undefined ? undefined : new SkillLedger(catalog);
  if (era !== undefined && catalog !== undefined && ledger !== undefined) {
    if (archetype !== undefined) {
      applyArchetypeSkills(draft, archetype, ledger, catalog, partial, report);
      applyOptionalSkills(draft, archetype, ledger, catalog, partial, report);
    }
    applyAdversitySkills(draft, era, ledger, catalog, context, partial, report);
    applyBonusSkills(draft, era, ledger, catalog, options, report);
    checkSkillCap(ledger, options, report);
  }
  const resources = checkResources(draft, archetype, report);
  const bonds = checkBonds(draft, archetype, stats.CHA, resources?.rating, partial, report);
  const picks = pickBudget(draft);
  checkPickBudget(picks, partial, report);

  return {
    violations,
    advice: archetype === undefined ? [] : recommendedStatAdvice(archetype, stats),
    era,
    harshness: draft.harshness,
    archetype,
    assignedStats,
    harshBonus,
    stats,
    skills: ledger?.list() ?? [],
    resources,
    bonds,
    picks,
  };
}
