import { RulesError } from "../../errors.js";
import type { Era } from "../../types.js";
import { resolveSkill, skillCatalog } from "../skills.js";
import type { SkillDefinition } from "../skills.js";
import { FUTURE_ARCHETYPES } from "./future.js";
import { MODERN_ARCHETYPES } from "./modern.js";
import { archetypeSchema, schemaCheckProblem } from "./types.js";
import { noteOf, telling } from "../../input-notes.js";
import type { Archetype, ArchetypeProblem } from "./types.js";

export { FUTURE_ARCHETYPES } from "./future.js";
export { MODERN_ARCHETYPES } from "./modern.js";
export { archetypeSchema, parseArchetype } from "./types.js";
export type { Archetype, ArchetypeProblem, ArchetypeSkill } from "./types.js";

const BUILT_IN: Record<Era, readonly Archetype[]> = {
  modern: MODERN_ARCHETYPES,
  future: FUTURE_ARCHETYPES,
};

/**
 * Check a custom archetype against the schema and against its era's skills (plus any custom
 * skills): every skill must exist, and "(Type)" must sit only on skills that take a specialisation.
 */
export function validateCustomArchetype(
  input: unknown,
  customSkills: readonly SkillDefinition[] = [],
  /** Its place (1, 2, …) in the campaign's list, to say which one is wrong. */
  position: number | null = null,
): Archetype {
  // The input tells a missing value from a wrong one.
  const parsed = archetypeSchema.safeParse(input, { reportInput: true });
  if (!parsed.success) {
    const problems = telling(parsed.error.issues).map((issue): ArchetypeProblem => {
      const path = issue.path.length > 0 ? issue.path.join(".") : null;
      const checked = issue.code === "custom" ? schemaCheckProblem(issue.params) : undefined;
      return checked === undefined
        ? { code: "shape", path, note: noteOf(issue) }
        : { ...checked, path: path ?? "" };
    });
    throw new RulesError({ code: "invalid-archetype", archetype: null, position, problems });
  }
  const archetype = parsed.data;
  const catalog = skillCatalog(archetype.era, customSkills);
  const problems: ArchetypeProblem[] = [];
  for (const granted of [...archetype.skills, ...archetype.optionalSkills]) {
    const resolution = resolveSkill(catalog, granted.skill);
    // A "(Type)" placeholder is exactly what an archetype may leave open for the player.
    if (!resolution.ok && resolution.problem !== "specialisation-missing") {
      problems.push(
        resolution.problem === "skill-unknown"
          ? { code: "skill-unknown", skill: granted.skill, era: archetype.era }
          : { code: "specialisation-unexpected", skill: granted.skill },
      );
    }
  }
  if (problems.length > 0) {
    throw new RulesError({
      code: "invalid-archetype",
      archetype: archetype.name,
      position,
      problems,
    });
  }
  return archetype;
}

/**
 * The archetypes of an era: the SRD's, merged with GM-defined ones (validated; a custom archetype
 * with a built-in id replaces it, so a GM can adjust one; custom ones of other eras are left out).
 */
export function archetypesFor(
  era: Era,
  custom: readonly unknown[] = [],
  customSkills: readonly SkillDefinition[] = [],
): readonly Archetype[] {
  const byId = new Map<string, Archetype>(BUILT_IN[era].map((a) => [a.id, a]));
  for (const [index, input] of custom.entries()) {
    const archetype = validateCustomArchetype(input, customSkills, index + 1);
    if (archetype.era === era) byId.set(archetype.id, archetype);
  }
  return [...byId.values()];
}

/** Find an archetype by id (case-insensitive) or by its name. */
export function findArchetype(
  era: Era,
  idOrName: string,
  custom: readonly unknown[] = [],
  customSkills: readonly SkillDefinition[] = [],
): Archetype | undefined {
  const wanted = idOrName.trim().toLowerCase();
  return archetypesFor(era, custom, customSkills).find(
    (a) => a.id === wanted || a.name.toLowerCase() === wanted,
  );
}
