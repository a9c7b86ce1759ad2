import type { Rng } from "../../../../core/rng.js";
import { diceRange, parseDice, rollDice, type DiceRoll } from "../../rules/dice/index.js";
import {
  lethalityTest,
  resolveDamage,
  type DamageResult,
  type DamageSource,
  type LethalityResult,
} from "../../rules/harm.js";

/**
 * Equipment (seed 002, our reading in the rules notes): weapons with a range and a damage type,
 * armour that may be Fragile or Heavy; the SRD's damage bonus and lethality still apply. Pure.
 */

export const RANGES = ["touch", "close", "near", "far", "distant"] as const;
export type Range = (typeof RANGES)[number];

export const DAMAGE_TYPES = ["default", "blasting", "piercing", "periodic"] as const;
export type DamageType = (typeof DAMAGE_TYPES)[number];

/** The skills whose tests are movement (Heavy armour makes them hard): ours. */
export const MOVEMENT_SKILLS = ["Athletics", "Dodge", "Stealth", "Swim"] as const;
export const HEAVY_MODIFIER = -20;
/** What a weapon is used at beyond its range: hard. */
export const OUT_OF_RANGE_MODIFIER = -20;
/** What one critical hit takes off Fragile armour's protection: ours. */
export const FRAGILE_LOSS = 1;

export type WeaponHarm = { kind: "dice"; dice: string } | { kind: "lethality"; rating: number };

export interface Weapon {
  name: string;
  skill: string;
  harm: WeaponHarm;
  range: Range;
  type: DamageType;
  /** Infused with magick: the only kind that hurts a Spectral entity. */
  weird: boolean;
}

export interface Armour {
  name: string;
  protection: number;
  fragile: boolean;
  heavy: boolean;
}

/** A wound that keeps hurting until treated (a Periodic weapon's critical): Burning, Bleeding… */
export interface PeriodicEffect {
  name: string;
  dice: string;
}

/** Whether a target at `at` is beyond what the weapon reaches. */
export function outOfRange(weapon: Pick<Weapon, "range">, at: Range): boolean {
  return RANGES.indexOf(at) > RANGES.indexOf(weapon.range);
}

/** The SRD's damage bonus goes to Unarmed Combat and Melee Weapons attacks alone. */
export function damageSourceOf(skill: string): DamageSource {
  const name = skill.trim().toLowerCase();
  if (name === "unarmed combat") return "unarmed";
  if (name === "melee weapons") return "hand-to-hand";
  return "other";
}

/** The protection a Protagonist's armour gives: every piece worn, together. */
export function totalProtection(armour: readonly Armour[]): number {
  return armour.reduce((sum, piece) => sum + piece.protection, 0);
}

/** Armour after a critical hit: each Fragile piece loses some protection (never below 0). */
export function afterCriticalHit(armour: readonly Armour[]): Armour[] {
  return armour.map((piece) =>
    piece.fragile ? { ...piece, protection: Math.max(0, piece.protection - FRAGILE_LOSS) } : piece,
  );
}

/** Whether any piece carried is Heavy. */
export function carriesHeavy(armour: readonly Armour[]): boolean {
  return armour.some((piece) => piece.heavy);
}

/** Throws the dice parser's error for dice that a weapon can't deal (e.g. "2D"). */
export function assertWeaponDice(dice: string): void {
  parseDice(dice);
}

export interface AttackTarget {
  /** Protection of the target's armour (a Protagonist's pieces, an entity's Armored X). */
  armour: number;
  /** Damage it takes twice over: damage types, or words of a weapon's name ("silver"). */
  vulnerable?: readonly string[];
  /** Hurt only by Weird weapons. */
  spectral?: boolean;
}

/** The target's Vulnerable (type) that the weapon strikes at, if any. */
export function vulnerabilityHit(weapon: Weapon, vulnerable: readonly string[]): string | null {
  const words = new Set([weapon.type, ...weapon.name.toLowerCase().split(/[^\p{L}\p{N}]+/u)]);
  return vulnerable.find((type) => words.has(type.trim().toLowerCase())) ?? null;
}

export interface HitInput {
  weapon: Weapon;
  critical: boolean;
  /** The attacker's damage bonus (derived from STR). */
  damageBonus: number;
  target: AttackTarget;
  /** Aimed at a gap in the armour: armour is ignored (SRD). */
  calledShot: boolean;
}

/** What a critical did, by the weapon's damage type (dice weapons). */
export type CriticalEffect =
  | { code: "extra-die"; roll: DiceRoll }
  | { code: "doubled" }
  | { code: "maximum"; maximum: number }
  | { code: "periodic"; effect: PeriodicEffect };

/** What the target's nature did to the damage after armour. */
export interface Susceptibility {
  /** The Vulnerable (type) struck: the damage doubled. */
  vulnerable: string | null;
  /** A Spectral target, and no Weird weapon: no damage. */
  immune: boolean;
  /** The damage dealt in the end (null for a lethal result). */
  dealt: number | null;
}

export type HitResult = Susceptibility &
  (
    | {
        kind: "dice";
        roll: DiceRoll;
        critical: CriticalEffect | null;
        damage: DamageResult;
        /** Fragile armour is worn down by a critical hit. */
        armourWorn: boolean;
      }
    | {
        kind: "lethality";
        lethality: LethalityResult;
        /** Null when the roll was lethal: armour does not stop it, the target dies. */
        damage: DamageResult | null;
        armourWorn: boolean;
      }
  );

/**
 * The damage of a hit. Dice weapons: a critical adds 1D10 (Default), doubles (Blasting), deals the
 * dice's maximum (Piercing) or leaves a wound that keeps hurting (Periodic, the normal damage
 * now); then the damage bonus (Unarmed Combat, Melee Weapons) and armour. Lethality weapons roll
 * the SRD's lethality test (a critical doubles the rating); a lethal result ignores armour.
 */
export function resolveHit(input: HitInput, rng: Rng): HitResult {
  const { weapon, critical, target, calledShot } = input;
  const source = damageSourceOf(weapon.skill);
  const armourWorn = critical && !calledShot;
  const immune = (target.spectral ?? false) && !weapon.weird;
  const vulnerable = immune ? null : vulnerabilityHit(weapon, target.vulnerable ?? []);
  const dealt = (damage: DamageResult): Susceptibility => ({
    vulnerable,
    immune,
    dealt: immune ? 0 : vulnerable ? damage.total * 2 : damage.total,
  });
  if (weapon.harm.kind === "lethality") {
    const lethality = lethalityTest({ rating: weapon.harm.rating, critical }, rng);
    if (lethality.lethal) {
      return {
        kind: "lethality",
        lethality,
        damage: null,
        armourWorn,
        vulnerable: null,
        immune,
        dealt: immune ? 0 : null,
      };
    }
    const damage = resolveDamage({
      rolled: lethality.damage,
      source,
      damageBonus: input.damageBonus,
      armour: target.armour,
      calledShot,
    });
    return { kind: "lethality", lethality, damage, armourWorn, ...dealt(damage) };
  }
  const roll = rollDice(parseDice(weapon.harm.dice), rng);
  let rolled = Math.max(0, roll.total);
  let effect: CriticalEffect | null = null;
  if (critical) {
    switch (weapon.type) {
      case "default": {
        const extra = rollDice(parseDice("1D10"), rng);
        rolled += extra.total;
        effect = { code: "extra-die", roll: extra };
        break;
      }
      case "blasting":
        effect = { code: "doubled" };
        break;
      case "piercing": {
        const maximum = Math.max(0, diceRange(weapon.harm.dice).max);
        rolled = maximum;
        effect = { code: "maximum", maximum };
        break;
      }
      case "periodic":
        effect = { code: "periodic", effect: { name: weapon.name, dice: weapon.harm.dice } };
        break;
    }
  }
  const damage = resolveDamage({
    rolled,
    source,
    damageBonus: input.damageBonus,
    armour: target.armour,
    calledShot,
    critical: effect?.code === "doubled",
  });
  return { kind: "dice", roll, critical: effect, damage, armourWorn, ...dealt(damage) };
}

/** A round of a periodic wound: its dice, taken off HP (armour does not help). */
export function periodicDamage(effect: PeriodicEffect, rng: Rng): DiceRoll {
  return rollDice(parseDice(effect.dice), rng);
}
