import { EmbedBuilder } from "discord.js";
import { EMBED_LIMITS, truncate, userText } from "../../../../core/discord/format.js";
import { conditionNews } from "../../presentation/conditions.js";
import { pointsLine } from "../../presentation/harm-embeds.js";
import { OUTCOME_COLOUR, OUTCOME_ICON } from "../../presentation/percentile-format.js";
import { rollText, testTargetText } from "../../presentation/test-embed.js";
import type { DamageStep } from "../../rules/harm.js";
import { formatPercentile, OUTCOME_LABEL } from "../../rules/percentile.js";
import type { LoggedFact } from "../../services/event-facts.js";
import type { ProtagonistSnapshot } from "../../services/snapshot.js";
import { kindLine } from "../event-line.js";
import type { ExtraRefusal, ExtraSheetField } from "../module.js";
import {
  GEAR_EVENTS,
  type AttackPayload,
  type EquipPayload,
  type PeriodicPayload,
  type StrikePayload,
  type TreatPayload,
} from "./events.js";
import type { Armour, CriticalEffect, DamageType, HitResult, Range, Weapon } from "./rules.js";
import type { EntityWeaponOutcome, StrikeOutcome } from "./arsenal.js";
import type { AttackOutcome, OpponentHit, ProtagonistHit } from "./attack.js";
import type { GearOutcome, PeriodicOutcome } from "./service.js";
import { gearOf, type Gear } from "./state.js";

/** Every sentence Gear and Attacks shows, in one place. */

export const GEAR_NAME = "Gear and Attacks";
export const GEAR_SUMMARY =
  "Weapons and armour on the sheet; an attack rolls the weapon's skill, then its damage with the damage type's critical, armour and HP.";
export const HEAVY_LABEL = "Heavy armour";

const MISS_COLOUR = 0x7f8c8d;
const WOUND_COLOUR = 0xc0392b;

const RANGE_WORDS: Readonly<Record<Range, string>> = {
  touch: "Touch",
  close: "Close",
  near: "Near",
  far: "Far",
  distant: "Distant",
};
const TYPE_WORDS: Readonly<Record<DamageType, string>> = {
  default: "Default",
  blasting: "Blasting",
  piercing: "Piercing",
  periodic: "Periodic",
};

export function weaponText(w: Weapon): string {
  const harm = w.harm.kind === "dice" ? w.harm.dice : `lethality ${w.harm.rating}%`;
  return `**${userText(w.name, 60)}** — ${userText(w.skill, 60)}, ${harm}, ${RANGE_WORDS[w.range]}, ${TYPE_WORDS[w.type]}${w.weird ? ", Weird" : ""}`;
}

export function armourText(a: Armour): string {
  const tags = [...(a.fragile ? ["Fragile"] : []), ...(a.heavy ? ["Heavy"] : [])];
  return `**${userText(a.name, 60)}** — protection ${a.protection}${tags.length ? ` (${tags.join(", ")})` : ""}`;
}

function gearLines(gear: Gear): string[] {
  return [
    ...gear.weapons.map((w) => `⚔️ ${weaponText(w)}`),
    ...gear.armour.map((a) => `🛡️ ${armourText(a)}`),
    ...gear.periodic.map(
      (e) => `🩸 **${userText(e.name, 60)}** wound: ${e.dice} each round until treated`,
    ),
  ];
}

export function gearSheet(protagonist: ProtagonistSnapshot): ExtraSheetField[] {
  const lines = gearLines(gearOf(protagonist));
  return lines.length
    ? [{ name: "Gear", value: truncate(lines.join("\n"), EMBED_LIMITS.fieldValue) }]
    : [];
}

export function gearListText(view: { protagonist: { name: string }; gear: Gear }): string {
  const lines = gearLines(view.gear);
  return truncate(
    [
      `**${userText(view.protagonist.name)}**'s gear:`,
      ...(lines.length ? lines : ["Nothing yet: `/gear weapon` and `/gear armour` add some."]),
    ].join("\n"),
    2000,
  );
}

export function equipText(outcome: GearOutcome, action: "add" | "drop"): string {
  const who = userText(outcome.protagonist.name);
  const item = userText(outcome.item, 100);
  return action === "add"
    ? `**${who}** now has **${item}**.`
    : `**${who}** no longer has **${item}**.`;
}

export function treatText(outcome: GearOutcome): string {
  return `**${userText(outcome.protagonist.name)}**'s **${userText(outcome.item, 100)}** wound is treated: it hurts no more.`;
}

function criticalText(effect: CriticalEffect): string {
  switch (effect.code) {
    case "extra-die":
      return `Critical (Default): +1D10 (${effect.roll.total})`;
    case "doubled":
      return "Critical (Blasting): damage doubled";
    case "maximum":
      return `Critical (Piercing): the dice's maximum, ${effect.maximum}`;
    case "periodic":
      return `Critical (Periodic): a **${userText(effect.effect.name, 60)}** wound, ${effect.effect.dice} each round until treated`;
  }
}

function stepText(step: DamageStep): string | null {
  switch (step.code) {
    case "rolled":
      return null;
    case "bonus":
      return `Damage bonus ${step.bonus > 0 ? "+" : ""}${step.bonus} → ${step.total}`;
    case "bonus-ignored":
      return null;
    case "critical":
      return `Doubled → ${step.total}`;
    case "armour":
      return `Armour ${step.armour} → ${step.total}`;
    case "armour-ignored":
      return `Called shot: armour ${step.armour} ignored`;
  }
}

/**
 * A hit's damage, step by step. Against an entity the table reads only the dice: its armour and
 * nature are its stat block's (the GM's `/entity list` shows what is left of it).
 */
function hitText(hit: HitResult, weapon: Weapon, againstEntity = false): string[] {
  if (againstEntity) {
    if (hit.kind === "lethality") {
      const { lethality } = hit;
      return [
        `Lethality ${lethality.effectiveRating}%: rolled ${formatPercentile(lethality.roll.value)}${lethality.lethal ? " — **lethal**" : ""}`,
      ];
    }
    return [
      `Rolled ${weapon.harm.kind === "dice" ? weapon.harm.dice : ""}: ${hit.roll.total}`,
      ...(hit.critical ? [criticalText(hit.critical)] : []),
    ];
  }
  if (hit.kind === "lethality") {
    const { lethality } = hit;
    const head = `Lethality ${lethality.effectiveRating}%: rolled ${formatPercentile(lethality.roll.value)}`;
    if (lethality.lethal) {
      return [`${head} — **lethal**: armour does not help`, ...susceptibilityLines(hit)];
    }
    return [
      `${head} — not lethal: ${lethality.tensDamage} + ${lethality.onesDamage}${lethality.critical ? " × 2" : ""} = ${lethality.damage}`,
      ...(hit.damage?.steps.map(stepText).filter((l): l is string => l !== null) ?? []),
      ...susceptibilityLines(hit),
      `**${hit.dealt ?? 0} damage**`,
    ];
  }
  return [
    `Rolled ${weapon.harm.kind === "dice" ? weapon.harm.dice : ""}: ${hit.roll.total}`,
    ...(hit.critical ? [criticalText(hit.critical)] : []),
    ...hit.damage.steps.map(stepText).filter((l): l is string => l !== null),
    ...susceptibilityLines(hit),
    `**${hit.dealt ?? hit.damage.total} damage**`,
  ];
}

function susceptibilityLines(hit: HitResult): string[] {
  if (hit.immune) return ["Spectral: only a Weird weapon hurts it → 0"];
  return hit.vulnerable ? [`Vulnerable (${userText(hit.vulnerable, 40)}): doubled`] : [];
}

const OPPONENT_STATE: Readonly<Record<OpponentHit["state"], string>> = {
  unhurt: "Unhurt",
  hurt: "🩸 Hurt",
  destroyed: "💀 Destroyed",
  vanished: "🌫️ Down — Immortal: it falls into a fugue or vanishes, and will return",
};

/** The target's field: a Protagonist's HP and armour; an entity's state (never its numbers). */
function targetLines(target: ProtagonistHit | OpponentHit): string[] {
  if (target.kind === "opponent") return [OPPONENT_STATE[target.state]];
  return [
    `HP ${pointsLine(target.change)}`,
    ...target.wornArmour.map((name) => `🛡️ Fragile **${userText(name, 60)}** loses protection`),
    ...(target.periodic ? [`🩸 A **${userText(target.periodic, 60)}** wound until treated`] : []),
    ...conditionNews(target.name, target.conditions),
  ];
}

export function attackEmbed(outcome: AttackOutcome, roller: string): EmbedBuilder {
  const { test, weapon, target } = outcome;
  const hitLines = (hit: HitResult) => hitText(hit, weapon, target?.kind === "opponent");
  const title = `${OUTCOME_ICON[test.outcome]} ${OUTCOME_LABEL[test.outcome]} — ${userText(outcome.attacker)} attacks with ${userText(weapon.name, 60)}`;
  const notes = [
    ...(outcome.outOfRange && outcome.range
      ? [`Beyond its range (${RANGE_WORDS[weapon.range]}) at ${RANGE_WORDS[outcome.range]}: hard`]
      : []),
    ...(outcome.calledShot ? ["Called shot"] : []),
  ];
  const embed = new EmbedBuilder()
    .setColor(outcome.hit ? (target ? WOUND_COLOUR : OUTCOME_COLOUR[test.outcome]) : MISS_COLOUR)
    .setAuthor({ name: truncate(roller, EMBED_LIMITS.fieldName) })
    .setTitle(truncate(title, EMBED_LIMITS.title))
    .addFields(
      { name: `${userText(weapon.skill, 60)} roll`, value: rollText(test), inline: true },
      { name: "Target", value: testTargetText(test), inline: true },
    );
  if (notes.length) embed.addFields({ name: "Note", value: notes.join("\n") });
  embed.addFields({
    name: "Damage",
    value: outcome.hit
      ? truncate(hitLines(outcome.hit).join("\n"), EMBED_LIMITS.fieldValue)
      : "Missed: no damage",
  });
  if (target) {
    embed.addFields({
      name: truncate(userText(target.name), EMBED_LIMITS.fieldName),
      value: truncate(targetLines(target).join("\n"), EMBED_LIMITS.fieldValue),
    });
  }
  return embed.setFooter({ text: `Attack #${outcome.eventId}` });
}

export function entityWeaponText(outcome: EntityWeaponOutcome): string {
  return `**${userText(outcome.entity, 100)}** now has **${userText(outcome.weapon.name, 100)}**.\n⚔️ ${weaponText(outcome.weapon)}`;
}

/** An entity's strike: the GM's call to hit, the damage, the target's armour and HP. */
export function strikeEmbed(outcome: StrikeOutcome, roller: string): EmbedBuilder {
  const who = outcome.entity === null ? "Something unseen" : userText(outcome.entity, 80);
  return new EmbedBuilder()
    .setColor(WOUND_COLOUR)
    .setAuthor({ name: truncate(roller, EMBED_LIMITS.fieldName) })
    .setTitle(
      truncate(
        `⚔️ ${who} strikes ${userText(outcome.target.name, 80)}${outcome.entity === null ? "" : ` with ${userText(outcome.weapon.name, 60)}`}${outcome.critical ? " — critical" : ""}`,
        EMBED_LIMITS.title,
      ),
    )
    .addFields(
      {
        name: "Damage",
        value: truncate(
          [
            ...(outcome.calledShot ? ["Called shot"] : []),
            ...hitText(outcome.hit, outcome.weapon),
          ].join("\n"),
          EMBED_LIMITS.fieldValue,
        ),
      },
      {
        name: truncate(userText(outcome.target.name), EMBED_LIMITS.fieldName),
        value: truncate(targetLines(outcome.target).join("\n"), EMBED_LIMITS.fieldValue),
      },
    )
    .setFooter({ text: `Strike #${outcome.eventId}` });
}

export function periodicEmbed(outcome: PeriodicOutcome): EmbedBuilder {
  const lines = [
    ...outcome.rolls.map(
      (r) => `🩸 ${userText(r.effect.name, 60)}: ${r.effect.dice} = ${r.roll.total}`,
    ),
    `HP ${pointsLine(outcome.change)}`,
    ...conditionNews(outcome.protagonist.name, outcome.conditions),
  ];
  return new EmbedBuilder()
    .setColor(WOUND_COLOUR)
    .setTitle(
      truncate(`🩸 Wounds hurt — ${userText(outcome.protagonist.name)}`, EMBED_LIMITS.title),
    )
    .setDescription(truncate(lines.join("\n"), EMBED_LIMITS.description))
    .setFooter({ text: `#${outcome.eventId} · treat a wound with /gear treat` });
}

const LOG_WORDS = {
  equip: (p: EquipPayload) =>
    `${p.protagonist}: ${p.action === "add" ? "took up" : "put down"} ${p.kind} ${p.item}`,
  attack: (p: AttackPayload) =>
    `${p.attacker} attacked${p.target ? ` ${p.target}` : ""} with ${p.weapon}: ${formatPercentile(p.roll)} vs ${p.targetNumber}, ${OUTCOME_LABEL[p.outcome].toLowerCase()}${p.lethal ? ", lethal" : p.damage === null ? "" : `, ${p.damage} damage`}`,
  periodic: (p: PeriodicPayload) =>
    `${p.protagonist}: wounds (${p.effects.join(", ")}) dealt ${p.damage}, HP ${p.before} → ${p.after}`,
  treat: (p: TreatPayload) => `${p.protagonist}: the ${p.effect} wound was treated`,
  strike: (p: StrikePayload) =>
    `${p.entity ?? "Something unseen"} struck ${p.target}${p.entity === null ? "" : ` with ${p.weapon}`}${p.critical ? " (critical)" : ""}: ${p.lethal ? "lethal" : `${p.damage ?? 0} damage`}`,
};

export function gearEventLine(fact: LoggedFact): string | undefined {
  return (
    kindLine(fact, GEAR_EVENTS.equip, LOG_WORDS.equip) ??
    kindLine(fact, GEAR_EVENTS.attack, LOG_WORDS.attack) ??
    kindLine(fact, GEAR_EVENTS.periodic, LOG_WORDS.periodic) ??
    kindLine(fact, GEAR_EVENTS.treat, LOG_WORDS.treat) ??
    kindLine(fact, GEAR_EVENTS.strike, LOG_WORDS.strike)
  );
}

export function gearRefusalText(refusal: ExtraRefusal): string {
  const p = refusal.params;
  const text = (key: string) => userText(String(p[key] ?? ""), 100);
  switch (refusal.code) {
    case "bad-lethality":
      return `A lethality rating is a whole number from 1% to 100%, not “${text("typed")}”.`;
    case "item-exists":
      return `**${text("protagonist")}** already has a **${text("item")}**: drop it first (\`/gear drop\`), or give the new one another name.`;
    case "too-many-weapons":
      return `A sheet holds ${Number(p.max)} weapons at most: drop one first.`;
    case "too-much-armour":
      return `A sheet holds ${Number(p.max)} pieces of armour at most: drop one first.`;
    case "no-such-item":
      return `**${text("protagonist")}** has no weapon or armour named **${text("item")}**: \`/gear list\` shows what they carry.`;
    case "no-such-weapon":
      return `**${text("protagonist")}** has no weapon named **${text("weapon")}**: add it with \`/gear weapon\`, or pick one from the list.`;
    case "weapon-needs-skill":
      return "Name the skill a Protagonist's weapon is used with (`skill`), e.g. Firearms.";
    case "one-target":
      return "Name one target: `target` (a Protagonist) or `opponent` (an entity), not both.";
    case "attack-yourself":
      return `**${text("protagonist")}** can't attack themselves: pick another target, or none.`;
    case "target-out-of-play":
      return `**${text("target")}** is out of play here (dead, insane, retired or in another campaign): pick another target.`;
    case "no-periodic":
      return `**${text("protagonist")}** has no wound that keeps hurting.`;
    case "no-such-wound":
      return `**${text("protagonist")}** has no **${text("item")}** wound: \`/gear list\` shows their wounds.`;
    default:
      return "That can't be done with gear right now.";
  }
}
