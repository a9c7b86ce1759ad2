import { PICK_POINTS } from "./choices.js";
import type { ResolvedSkill, SkillCatalog, SkillDefinition } from "./skills.js";

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

/** The skills on a sheet, keyed case-insensitively, with the pick that last touched each. */
export class SkillLedger {
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
