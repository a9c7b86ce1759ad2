import { userText } from "../../../../core/discord/format.js";
import { maxSanity } from "../../rules/derived.js";
import { STAT_NAMES } from "../../rules/types.js";
import type { LoggedFact } from "../../services/event-facts.js";
import type { ProtagonistSnapshot } from "../../services/snapshot.js";
import { kindLine } from "../event-line.js";
import type { ExtraRefusal, ExtraSheetField } from "../module.js";
import { CORRUPTION_EVENTS, type CorruptionPayload } from "./events.js";
import { ATTRIBUTES, corruptedMaxSan, corruptedOf, type Attribute } from "./rules.js";
import type { CorruptionOutcome } from "./service.js";
import { corruptedOfSheet, corruptibleOf } from "./state.js";

/** Every sentence Corruption shows, in one place. */

export const CORRUPTION_NAME = "Corruption";
export const CORRUPTION_SUMMARY =
  "Corrupting losses (`corrupting:True` on /hp, /wp, /san, or `/corrupt stat`) lower the maximum too; only a GM restores it; at 0 the Protagonist is lost for good.";

/** "Max HP", "Max SAN", or the stat's name. */
export function attributeName(attribute: Attribute): string {
  return attribute === "HP" || attribute === "WP" || attribute === "SAN"
    ? `Max ${attribute}`
    : attribute;
}

const LOG_WORDS = {
  stat: (p: CorruptionPayload) =>
    `${p.protagonist}: corrupted, ${attributeName(p.attribute)} ${p.before} → ${p.after}${p.lost ? ": lost for good" : ""}`,
  restore: (p: CorruptionPayload) =>
    `${p.protagonist}: a GM restored ${attributeName(p.attribute)} ${p.before} → ${p.after}`,
};

export function corruptionEventLine(fact: LoggedFact): string | undefined {
  return (
    kindLine(fact, CORRUPTION_EVENTS.stat, LOG_WORDS.stat) ??
    kindLine(fact, CORRUPTION_EVENTS.restore, LOG_WORDS.restore)
  );
}

export function corruptionText(outcome: CorruptionOutcome, restored: boolean): string {
  const who = `**${userText(outcome.protagonist.name)}**`;
  const change = `${attributeName(outcome.attribute)} ${outcome.before} → **${outcome.after}**`;
  if (restored) return `✨ ${who}: a GM restores what corruption took. ${change}.`;
  const lost = outcome.lost
    ? `\n🕳️ ${who} is lost to corruption, for good: out of play from now on.`
    : "";
  return `🕳️ ${who} is corrupted: ${change} (current and maximum alike).${lost}`;
}

export function corruptionRefusalText(refusal: ExtraRefusal): string {
  const p = refusal.params;
  const who = userText(String(p.protagonist ?? ""));
  const attribute = attributeName(ATTRIBUTES.find((a) => a === p.attribute) ?? "HP");
  switch (refusal.code) {
    case "nothing-to-restore":
      return `Corruption took nothing of **${who}**'s ${attribute}: there is nothing to restore.`;
    case "nothing-to-corrupt":
      return `**${who}**'s ${attribute} is already 0: corruption can take no more.`;
    default:
      return "That can't be done with Corruption right now.";
  }
}

/** The sheet's part: each corrupted maximum beside its original. */
export function corruptionSheet(protagonist: ProtagonistSnapshot): ExtraSheetField[] {
  const corrupted = corruptedOfSheet(protagonist);
  const sheet = corruptibleOf(protagonist);
  const lines: string[] = [];
  if (corrupted.HP > 0) lines.push(`Max HP ${sheet.hpMax} (of ${sheet.hpMax + corrupted.HP})`);
  if (corrupted.WP > 0) lines.push(`Max WP ${sheet.wpMax} (of ${sheet.wpMax + corrupted.WP})`);
  if (corrupted.SAN > 0) {
    lines.push(`Max SAN ${corruptedMaxSan(sheet, corrupted)} (of ${maxSanity(sheet.unnatural)})`);
  }
  for (const stat of STAT_NAMES) {
    const taken = corruptedOf(corrupted, stat);
    if (taken > 0) lines.push(`${stat} ${sheet.stats[stat]} (of ${sheet.stats[stat] + taken})`);
  }
  return [{ name: "Corruption", value: lines.length ? lines.join(" · ") : "None." }];
}
