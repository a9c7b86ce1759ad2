import { resolveSkill, type SkillCatalog } from "../../rules/creation/index.js";
import type { Harshness } from "../../rules/types.js";
import {
  breakingPointFor,
  maxHitPoints,
  maxSanity,
  maxWillpower,
  startingSanity,
} from "../../rules/derived.js";
import { resourceBreakdown } from "../../rules/resources.js";
import { ADAPTATION_BOXES } from "../../rules/sanity/index.js";
import { RESOURCES_MAX, NOTES_MAX } from "../protagonist-edit.js";
import {
  FOREVER_ERAS,
  TYPE_PLACEHOLDER,
  type ForeverDocument,
  type ForeverIdentity,
} from "./format.js";

/** Where an identity field of the generator went on the sheet: all of them are notes. */
export const NOTE_FIELDS = [
  "notes",
  "profession",
  "birthplace",
  "gender",
  "characterAge",
  "motivations",
  "backstory",
  "gear",
  "weapons",
  "bodyArmour",
  "terribleTomes",
  "permanentInjuries",
] as const;
export type NoteField = (typeof NOTE_FIELDS)[number];

/** Why a part of the file is not on the sheet. */
export type LeftOut =
  | { readonly code: "notes-full"; readonly field: NoteField; readonly max: number }
  | { readonly code: "type-missing"; readonly skill: string; readonly rating: number }
  | { readonly code: "unnamed-skill" }
  | { readonly code: "temporary-insanity" }
  | { readonly code: "derived" };

/** What an import from Cthulhu Forever did with the file, for the reply to list. */
export interface ForeverReport {
  readonly skills: number;
  readonly bonds: number;
  readonly disorders: number;
  /** Skills the campaign's list doesn't have, kept as this Protagonist's own. */
  readonly ownSkills: readonly string[];
  readonly notes: readonly NoteField[];
  readonly leftOut: readonly LeftOut[];
  /** The generator's era when it isn't the campaign's (skills are read with the campaign's). */
  readonly era: string | null;
}

export interface FromForever {
  /** The sheet in this bot's export shape, for the import's own checks. */
  readonly sheet: Record<string, unknown>;
  readonly report: ForeverReport;
}

const UPBRINGINGS: Readonly<Record<string, Harshness>> = {
  normal: "normal",
  harsh: "harsh",
  very_harsh: "very-harsh",
  // This bot's harshest upbringing; its stat ranges are the same.
  nightmarish: "very-harsh",
};

/** "explorer_surveyor_revolutions" → "Explorer Surveyor" (the generator's era suffix dropped). */
const ERA_SUFFIXES = new Set([...FOREVER_ERAS, "cw", "vic", "apoc"]);
export function archetypeName(key: string | null | undefined): string | null {
  const words = (key ?? "").split(/[_\s]+/).filter(Boolean);
  if (words.length > 1 && ERA_SUFFIXES.has(words.at(-1) ?? "")) words.pop();
  const name = words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(" ");
  return name || null;
}

const whole = (value: unknown): number | null =>
  typeof value === "number" && Number.isInteger(value) ? value : null;
/** The generator's own default when a field is missing; anything else goes to the sheet's checks. */
const orDefault = (value: unknown, fallback: number): unknown => value ?? fallback;
/** Tabs and carriage returns, which the sheet's text refuses, as the generator's text shows them. */
const tidy = (text: string): string => text.replace(/\r\n?/g, "\n").replace(/\t/g, " ").trim();
const ticks = (flags: readonly unknown[], boxes: number): number =>
  flags.slice(0, boxes).filter((flag) => flag === true).length;

/**
 * A Cthulhu Forever export as a sheet of this bot: stats, pools, skills (typed ones named
 * "Art (Writing)", those the campaign lacks kept as the Protagonist's own), Bonds, Resources and
 * their boxes, adaptation, disorders; the identity the sheet has no place for goes to the notes,
 * as far as they hold. The maxima are this bot's (the generator's are derived the same way).
 */
export function fromForever(
  doc: ForeverDocument,
  catalog: SkillCatalog,
  campaignEra: string,
): FromForever {
  const leftOut: LeftOut[] = [{ code: "derived" }];
  const stats = Object.fromEntries(
    ["STR", "CON", "DEX", "INT", "POW", "CHA"].map((stat) => [stat, doc.attributes[stat]]),
  );
  const STR = whole(stats.STR) ?? 0;
  const CON = whole(stats.CON) ?? 0;
  const POW = whole(stats.POW) ?? 0;
  const CHA = whole(stats.CHA) ?? 0;
  const skills = skillsOf(doc, catalog, leftOut);
  const unnatural = whole(skills.find((s) => s.name === "Unnatural")?.rating) ?? 0;
  const hpMax = maxHitPoints({ STR, CON });
  const wpMax = maxWillpower({ POW });
  const harshness = UPBRINGINGS[doc.upbringing ?? "normal"] ?? "normal";
  // The generator starts SAN as the SRD does, within Max SAN.
  const san = orDefault(
    doc.currentSAN,
    Math.min(startingSanity(POW, harshness), maxSanity(unnatural)),
  );
  // Missing is the generator's 0; anything else not a rating goes to the sheet's checks as it is.
  const rating = doc.resources ?? 0;
  const wholeRating = whole(rating);
  const split =
    wholeRating !== null && wholeRating >= 0 && wholeRating <= RESOURCES_MAX
      ? resourceBreakdown(wholeRating)
      : null;
  const bonds = doc.bonds.map((bond) => {
    const score = orDefault(bond.currentScore, CHA);
    return {
      name: typeof bond.name === "string" ? tidy(bond.name) : bond.name,
      kind: bond.type === "community" ? "community" : "individual",
      score,
      // The generator has no crossed-off Bonds: one at 0 is broken.
      crossedOff: score === 0,
    };
  });
  const disorders = doc.disorders
    .filter((d) => typeof d.text === "string" && d.text.trim())
    .map((d) => ({ name: tidy(String(d.text)), threat: null, cured: false }));
  if (doc.temporaryInsanity) leftOut.push({ code: "temporary-insanity" });
  const notes = notesOf(doc, leftOut);
  const track = (flags: readonly unknown[]) => {
    const boxes = ticks(flags, ADAPTATION_BOXES);
    return { boxes, adapted: boxes === ADAPTATION_BOXES };
  };
  return {
    sheet: {
      name: doc.identity.name.trim(),
      status: "active",
      archetype:
        archetypeName(doc.archetype) ?? (doc.identity.profession.trim() || "Cthulhu Forever"),
      harshness,
      stats,
      hpMax,
      hp: orDefault(doc.currentHP, hpMax),
      wpMax,
      wp: orDefault(doc.currentWP, wpMax),
      san,
      breakingPoint: orDefault(doc.breakingPoint, breakingPointFor(whole(san) ?? 0, POW)),
      adaptation: {
        violence: track(doc.violenceChecked),
        helplessness: track(doc.helplessnessChecked),
      },
      exhausted: doc.exhausted,
      resources: split
        ? {
            rating,
            atHand: split.atHand,
            stowed: split.stowed,
            storage: split.inStorage,
            checked: ticks(doc.resourceChecked, split.checkBoxes),
          }
        : { rating, atHand: 0, stowed: 0, storage: 0, checked: 0 },
      notes: notes.text,
      skills: skills.map((s) => ({
        name: s.name,
        rating: s.rating,
        failureMarked: s.failureMarked,
      })),
      bonds,
      disorders,
    },
    report: {
      skills: skills.length,
      bonds: bonds.length,
      disorders: disorders.length,
      ownSkills: skills.filter((s) => s.own).map((s) => s.name),
      notes: notes.fields,
      leftOut,
      era: doc.age && doc.age !== campaignEra ? doc.age : null,
    },
  };
}

interface ReadSkill {
  name: string;
  rating: unknown;
  failureMarked: boolean;
  own: boolean;
}

/**
 * The era's skills and the custom ones. A typed skill's key holds the placeholder and its type
 * is in `skillTypes`; without a type only a zero rating is dropped quietly. A name the campaign
 * doesn't know is tried by each half of a slash ("Harangue/Taunt" is Harangue), then kept whole
 * as the Protagonist's own skill; an own skill at 0 is left out (it would only clutter the sheet).
 */
function skillsOf(doc: ForeverDocument, catalog: SkillCatalog, leftOut: LeftOut[]): ReadSkill[] {
  const read: ReadSkill[] = [];
  const add = (raw: string, rating: unknown, failureMarked: boolean) => {
    const resolved = canonical(catalog, raw);
    if (resolved === null && rating === 0) return;
    read.push({ name: resolved ?? raw, rating, failureMarked, own: resolved === null });
  };
  for (const [key, rating] of Object.entries(doc.skills)) {
    const marked = doc.skillChecked[key] === true;
    if (!key.endsWith(TYPE_PLACEHOLDER)) {
      add(key.trim(), rating, marked);
      continue;
    }
    const base = key.slice(0, -TYPE_PLACEHOLDER.length).trim();
    const type = doc.skillTypes[key];
    if (typeof type === "string" && type.trim()) add(`${base} (${type.trim()})`, rating, marked);
    else if (rating !== 0) {
      leftOut.push({ code: "type-missing", skill: base, rating: whole(rating) ?? 0 });
    }
  }
  for (const custom of doc.customSkills) {
    const name =
      typeof custom.name === "string" || typeof custom.name === "number"
        ? tidy(String(custom.name))
        : "";
    if (!name) {
      leftOut.push({ code: "unnamed-skill" });
      continue;
    }
    add(name, custom.value, false);
  }
  return read;
}

function canonical(catalog: SkillCatalog, name: string): string | null {
  for (const candidate of [name, ...name.split("/").map((part) => part.trim())]) {
    const resolution = resolveSkill(catalog, candidate);
    if (resolution.ok) return resolution.skill.name;
  }
  return null;
}

/** The generator's identity, labelled, in the order a player reads a sheet; what doesn't fit is left out. */
function notesOf(doc: ForeverDocument, leftOut: LeftOut[]): { text: string; fields: NoteField[] } {
  const parts = noteParts(doc);
  const fields: NoteField[] = [];
  let text = "";
  for (const [field, part] of parts) {
    const next = text ? `${text}\n${part}` : part;
    if (next.length > NOTES_MAX) {
      leftOut.push({ code: "notes-full", field, max: NOTES_MAX });
      continue;
    }
    text = next;
    fields.push(field);
  }
  return { text, fields };
}

/** Labels are the generator's own field names, so a player finds each where they put it. */
function noteParts(doc: ForeverDocument): [NoteField, string][] {
  const id: ForeverIdentity = doc.identity;
  const parts: [NoteField, string][] = [];
  const line = (field: NoteField, label: string, value: string) => {
    const text = tidy(value);
    if (text) parts.push([field, label ? `${label}: ${text}` : text]);
  };
  line("notes", "", id.notes);
  line("profession", "Profession", id.profession);
  line("birthplace", "Birthplace", id.birthplace);
  line("gender", "Gender", id.gender);
  if (id.characterAge) line("characterAge", "Age", String(id.characterAge));
  const motivations = id.motivations
    .filter((m) => m.text.trim())
    .map((m) => (m.crossed ? `~~${m.text.trim()}~~` : m.text.trim()));
  if (motivations.length) line("motivations", "Motivations", motivations.join("; "));
  line("backstory", "Backstory", id.backstory);
  line("gear", "Gear", id.gear);
  const weapons = id.weapons.map(weaponLine).filter(Boolean);
  if (weapons.length) line("weapons", "Weapons", weapons.join("; "));
  if (doc.bodyArmour > 0) line("bodyArmour", "Body armour", String(doc.bodyArmour));
  line("terribleTomes", "Terrible tomes", id.terribleTomes);
  line("permanentInjuries", "Permanent injuries", id.permanentInjuries);
  return parts;
}

/** ".38 Revolver (Firearms, 1D10, 15m, lethality 10%)"; a blank row is nothing. */
function weaponLine(row: Record<string, unknown>): string {
  const field = (key: string) => (typeof row[key] === "string" ? row[key].trim() : "");
  const details = [
    field("skill"),
    field("damage"),
    field("baseRange"),
    field("lethality") && `lethality ${field("lethality")}`,
    field("ap") && field("ap") !== "0" ? `AP ${field("ap")}` : "",
    field("killRadius") && `kill radius ${field("killRadius")}`,
    field("ammo") && `ammo ${field("ammo")}`,
    field("condition"),
  ].filter(Boolean);
  const name = field("weapon");
  if (!name && !details.length) return "";
  return details.length ? `${name || "?"} (${details.join(", ")})` : name;
}
