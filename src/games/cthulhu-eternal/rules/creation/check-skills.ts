/** Creation checks for skills: archetypal, optional, adversity and bonus picks, and the cap. */
import type { Era } from "../types.js";
import type { Archetype } from "./archetypes/index.js";
import { PICK_POINTS } from "./choices.js";
import type { CreationDraft } from "./choices.js";
import type { CreationContext, CreationOptions, Report } from "./check-context.js";
import { SkillLedger } from "./skill-ledger.js";
import type { SheetSkill } from "./skill-ledger.js";
import {
  ADVERSITY_SKILLS,
  UNNATURAL,
  formatSkillName,
  normaliseSpecialisation,
  parseSkillName,
  resolveSkill,
  skillCatalog,
} from "./skills.js";
import type { ResolvedSkill, SkillCatalog } from "./skills.js";
import { adversityPickCount } from "./stats.js";

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
          report({
            code: "archetype-specialisation-missing",
            path: `archetypeSpecialisations.${choice?.key ?? definition.name}`,
            archetype: archetype.name,
            skill: definition.name,
            rating: granted.rating,
          });
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
      report({
        code: "archetype-specialisation-duplicate",
        path: `archetypeSpecialisations.${definition.name}`,
        archetype: archetype.name,
        skill: definition.name,
        held: resolution.skill.name,
      });
      return;
    }
    ledger.setRating(resolution.skill, "archetype", granted.rating);
  });
  for (const [name, { key }] of given) {
    if (!used.has(name)) {
      report({
        code: "archetype-specialisation-unexpected",
        path: `archetypeSpecialisations.${key}`,
        archetype: archetype.name,
        skill: parseSkillName(key).name,
      });
    }
  }
}

/**
 * The skill a pick from a list names, or undefined once a wrong specialisation is reported. The
 * pick was already matched against its list by name, so an unknown name is not reported again.
 */
function resolveListedPick(
  catalog: SkillCatalog,
  pick: string,
  name: string,
  path: string,
  report: Report,
): ResolvedSkill | undefined {
  const resolution = resolveSkill(catalog, pick);
  if (resolution.ok) return resolution.skill;
  if (resolution.problem !== "skill-unknown") {
    report({ code: resolution.problem, path, skill: name });
  }
  return undefined;
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
    report({
      code: "optional-count",
      path: "optionalSkills",
      archetype: archetype.name,
      wanted,
      chosen: picks.length,
    });
  }
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
      report({
        code: "optional-not-on-list",
        path,
        archetype: archetype.name,
        skill: parsed.name,
        list: archetype.optionalSkills,
      });
      return;
    }
    const candidate = candidates.find((c) => !taken.has(c.at));
    if (candidate === undefined) {
      const entryName = candidates[0]?.entry.skill ?? pick;
      report({ code: "optional-duplicate", path, archetype: archetype.name, skill: entryName });
      return;
    }
    const skill = resolveListedPick(catalog, pick, parsed.name, path, report);
    if (skill === undefined) return;
    if (ledger.has(skill.key)) {
      report({
        code: "optional-already-held",
        path,
        archetype: archetype.name,
        skill: skill.name,
        by: pickedHere.has(skill.key) ? "pick" : "archetype",
      });
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
      report({
        code: "adversity-count",
        path: "adversitySkills",
        harshness,
        allowed,
        picks: picks.length,
      });
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
      report({ code: "adversity-not-on-list", path, skill: parsed.name, list });
      return;
    }
    const skill = resolveListedPick(catalog, pick, parsed.name, path, report);
    if (skill === undefined) return;
    ledger.addPick(skill, "adversity", path);
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
      const skill = parseSkillName(pick).name;
      if (resolution.problem === "skill-unknown") {
        report({ code: "skill-unknown", path, era, skill });
      } else {
        report({ code: resolution.problem, path, skill });
      }
      return;
    }
    if (resolution.skill.definition.name === UNNATURAL && !options.unnaturalBonusPicks) {
      report({ code: "unnatural-at-creation", path });
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
    report({ code: "skill-above-cap", path, skill: skill.name, rating: skill.rating, cap, excess });
  }
}

/**
 * The sheet's skills in the era's order: archetypal, optional, adversity and bonus picks applied in
 * that order, then checked against the creation cap.
 */
export function checkSkills(
  draft: CreationDraft,
  era: Era,
  archetype: Archetype | undefined,
  options: CreationOptions,
  context: CreationContext,
  report: Report,
): SheetSkill[] {
  const partial = context.partial ?? false;
  const catalog = skillCatalog(era, context.customSkills);
  const ledger = new SkillLedger(catalog);
  if (archetype !== undefined) {
    applyArchetypeSkills(draft, archetype, ledger, catalog, partial, report);
    applyOptionalSkills(draft, archetype, ledger, catalog, partial, report);
  }
  applyAdversitySkills(draft, era, ledger, catalog, context, partial, report);
  applyBonusSkills(draft, era, ledger, catalog, options, report);
  checkSkillCap(ledger, options, report);
  return ledger.list();
}
