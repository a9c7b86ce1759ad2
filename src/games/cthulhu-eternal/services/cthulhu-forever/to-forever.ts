import { resolveSkill, type SkillCatalog } from "../../rules/creation/index.js";
import { resourceBreakdown } from "../../rules/resources.js";
import { ADAPTATION_BOXES } from "../../rules/sanity/index.js";
import type { ProtagonistSnapshot } from "../snapshot.js";
import { FOREVER_VERSION, TYPE_PLACEHOLDER } from "./format.js";

const UPBRINGINGS: Readonly<Record<string, string>> = {
  normal: "normal",
  harsh: "harsh",
  "very-harsh": "very_harsh",
};

const MOTIVATIONS = 5;

/** "Explorer Surveyor" → "explorer_surveyor": read back as the same name. */
function archetypeKey(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
}

/**
 * A sheet as a Cthulhu Forever version 2 export, to take back to the web generator. Each
 * typed skill's first type goes under the generator's placeholder key ("Art (Type)") with the
 * type in `skillTypes`; further types and the Protagonist's own skills are custom skills. The
 * notes travel as the generator's notes, so that importing the file again gives the same sheet.
 */
export function toForever(
  p: ProtagonistSnapshot,
  catalog: SkillCatalog,
  era: string,
  derived: { maxSan: number; recoverySan: number },
): Record<string, unknown> {
  const skills: Record<string, number> = {};
  const skillTypes: Record<string, string> = {};
  const skillChecked: Record<string, boolean> = {};
  const customSkills: { name: string; value: number }[] = [];
  for (const skill of p.skills) {
    const resolved = resolveSkill(catalog, skill.name);
    let key: string | null = null;
    if (resolved.ok && resolved.skill.specialisation === null) key = resolved.skill.name;
    else if (resolved.ok) {
      const typedKey = `${resolved.skill.definition.name}${TYPE_PLACEHOLDER}`;
      if (!(typedKey in skills)) {
        key = typedKey;
        skillTypes[typedKey] = resolved.skill.specialisation ?? "";
      }
    }
    if (key === null) {
      customSkills.push({ name: skill.name, value: skill.rating });
      continue;
    }
    skills[key] = skill.rating;
    if (skill.failureMarked) skillChecked[key] = true;
  }
  const boxes = resourceBreakdown(p.resources.rating).checkBoxes;
  const track = (boxesTicked: number) =>
    Array.from({ length: ADAPTATION_BOXES }, (_, i) => i < boxesTicked);
  return {
    version: FOREVER_VERSION,
    age: era,
    upbringing: UPBRINGINGS[p.harshness] ?? "normal",
    archetype: archetypeKey(p.archetype) || null,
    identity: {
      name: p.name,
      profession: "",
      birthplace: "",
      gender: "",
      // The generator reads 0 as its default age: nothing the import would add to the notes.
      characterAge: 0,
      backstory: "",
      motivations: Array.from({ length: MOTIVATIONS }, () => ({ text: "", crossed: false })),
      gear: "",
      terribleTomes: "",
      permanentInjuries: "",
      notes: p.notes,
      // The generator always ends its weapons with a blank row.
      weapons: [{}],
    },
    attributes: { ...p.stats },
    skills,
    skillTypes,
    customSkills,
    // The generator has no crossed-off Bonds: a broken one is at 0.
    bonds: p.bonds.map((b) => ({
      name: b.name,
      type: b.kind,
      currentScore: b.crossedOff ? 0 : b.score,
    })),
    resources: p.resources.rating,
    resourceChecked: Array.from({ length: boxes }, (_, i) => i < p.resources.checked),
    skillChecked,
    violenceChecked: track(p.adaptation.violence.boxes),
    helplessnessChecked: track(p.adaptation.helplessness.boxes),
    maxHP: p.hpMax,
    maxWP: p.wpMax,
    maxSAN: derived.maxSan,
    currentHP: p.hp,
    currentWP: p.wp,
    currentSAN: p.san,
    breakingPoint: p.breakingPoint,
    recoverySAN: derived.recoverySan,
    disorders: p.disorders
      .filter((d) => !d.cured && d.name.trim())
      .map((d, id) => ({ id, text: d.name })),
    showAllSkills: false,
    bodyArmour: 0,
    exhausted: p.exhausted,
    temporaryInsanity: p.temporarilyInsane,
  };
}
