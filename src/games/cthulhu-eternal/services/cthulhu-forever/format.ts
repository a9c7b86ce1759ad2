import { z } from "zod";

/**
 * The version 2 JSON export of Cthulhu Forever, the free web character generator for Cthulhu
 * Eternal (github.com/jonassode/cthulhu-forever), read as leniently as the generator reads it:
 * a field missing or of the wrong kind is empty, and the sheet's own checks judge what it holds.
 */
export const FOREVER_VERSION = 2;

/** The generator's eras (`age`); the campaign's own era decides the skills an import reads. */
export const FOREVER_ERAS = [
  "jazz",
  "modern",
  "coldwar",
  "victorian",
  "ww1",
  "ww2",
  "future",
  "medieval",
  "classical",
  "revolutions",
  "sails",
  "elizabethan",
  "alazrad",
  "apocthulhu",
  "stone",
] as const;

/** A typed skill's key in `skills`: the generator writes the placeholder, the type is apart. */
export const TYPE_PLACEHOLDER = " (Type)";

const text = z.string().catch("");
const flags = z.array(z.unknown()).catch([]);
const byName = z.record(z.string(), z.unknown()).catch({});

export const foreverWeaponSchema = z.record(z.string(), z.unknown());

export const foreverIdentitySchema = z.object({
  name: text,
  profession: text,
  birthplace: text,
  gender: text,
  characterAge: z.number().int().nullish().catch(null),
  backstory: text,
  motivations: z
    .array(
      z.object({ text, crossed: z.boolean().catch(false) }).catch({ text: "", crossed: false }),
    )
    .catch([]),
  gear: text,
  terribleTomes: text,
  permanentInjuries: text,
  notes: text,
  weapons: z.array(foreverWeaponSchema.catch({})).catch([]),
});

export const foreverDocumentSchema = z.object({
  version: z.literal(FOREVER_VERSION),
  age: text,
  upbringing: z.string().nullish().catch(null),
  archetype: z.string().nullish().catch(null),
  identity: foreverIdentitySchema.catch(foreverIdentitySchema.parse({})),
  attributes: byName,
  skills: byName,
  skillTypes: byName,
  customSkills: z
    .array(z.object({ name: z.unknown(), value: z.unknown() }).catch({ name: "", value: 0 }))
    .catch([]),
  bonds: z
    .array(
      z
        .object({ name: z.unknown(), type: z.unknown(), currentScore: z.unknown() })
        .catch({ name: "", type: null, currentScore: null }),
    )
    .catch([]),
  resources: z.unknown(),
  resourceChecked: flags,
  skillChecked: byName,
  violenceChecked: flags,
  helplessnessChecked: flags,
  currentHP: z.unknown(),
  currentWP: z.unknown(),
  currentSAN: z.unknown(),
  breakingPoint: z.unknown(),
  disorders: z.array(z.object({ text: z.unknown() }).catch({ text: "" })).catch([]),
  exhausted: z.boolean().catch(false),
  temporaryInsanity: z.boolean().catch(false),
  bodyArmour: z.number().catch(0),
});

export type ForeverDocument = z.infer<typeof foreverDocumentSchema>;
export type ForeverIdentity = ForeverDocument["identity"];

/** Whether parsed JSON is a Cthulhu Forever export rather than this bot's own. */
export function isForeverExport(raw: unknown): boolean {
  return (
    typeof raw === "object" &&
    raw !== null &&
    !("format" in raw) &&
    "version" in raw &&
    raw.version === FOREVER_VERSION
  );
}
