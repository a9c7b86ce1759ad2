import { normalName } from "./closest-names.js";

/**
 * What players coming from the lineage's other games (Call of Cthulhu, Delta Green) type for a
 * Cthulhu Eternal skill, for "Did you mean…?" when no skill on the sheet has that name. Ours,
 * and only a hint: nothing is ever rolled under another name.
 */
const ALIASES: Readonly<Record<string, readonly string[]>> = {
  Firearms: ["shooting", "guns", "gun", "pistol", "rifle", "shotgun", "handgun", "firearm"],
  "Firearms/Beam Weapons": ["shooting", "guns", "gun", "pistol", "rifle", "beam", "blaster"],
  Alertness: ["spot hidden", "spot", "perception", "notice", "listen", "awareness"],
  Search: ["spot hidden", "perception", "investigate", "investigation"],
  "Unarmed Combat": ["fighting", "brawl", "brawling", "punch", "martial arts", "unarmed"],
  "Melee Weapons": ["melee", "sword", "knife", "blade", "axe", "club"],
  Research: ["library use", "library"],
  "Technology Use": ["computer use", "computers", "computer", "electronics", "hacking"],
  Insight: ["psychology", "sense motive", "empathy"],
  Psychoanalyze: ["psychology", "psychoanalysis", "therapy"],
  Persuade: ["fast talk", "diplomacy", "negotiate"],
  Charm: ["fast talk", "seduce", "etiquette"],
  Harangue: ["intimidate", "intimidation"],
  Athletics: ["climb", "jump", "throw", "run"],
  Stealth: ["sneak", "hide"],
  Unnatural: ["mythos", "cthulhu mythos"],
  Craft: ["mechanical repair", "electrical repair", "repair", "locksmith"],
  "Heavy Machinery": ["Operate Heavy Machinery", "machinery"],
  "Foreign Language": ["language", "language other", "other language"],
  Administration: ["bureaucracy", "accounting"],
  Forensics: ["criminology", "criminalistics"],
};

/** The skills each alias may stand for, keyed by the alias's normal form. */
export const SKILL_ALIASES: ReadonlyMap<string, readonly string[]> = (() => {
  const byAlias = new Map<string, string[]>();
  for (const [skill, aliases] of Object.entries(ALIASES)) {
    for (const alias of aliases) {
      const key = normalName(alias);
      byAlias.set(key, [...(byAlias.get(key) ?? []), skill]);
    }
  }
  return byAlias;
})();
