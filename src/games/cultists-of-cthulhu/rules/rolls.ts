import { rerollChoiceOf, type ActionOf } from "./actions.js";
import { firedOutcomes, keepCheck, rerollCheck, rollCheck, tally, type Check } from "./check.js";
import { combatWeird, meleeDamage, rangedDamage, stealSucceeds } from "./combat.js";
import {
  controls,
  emit,
  findCombatant,
  livingCharacter,
  livingCombatant,
  requireActingNow,
  requireControl,
  type Combatant,
  type Ctx,
} from "./context.js";
import type { CheckPurpose } from "./facts.js";
import { damage } from "./harm.js";
import { itemBonus } from "./items.js";
import { refuse, type Refusal } from "./refusals.js";
import type { Thresholds } from "./settings.js";
import type { CombatCard, GameState, Pending } from "./state.js";
import {
  RESULTS,
  type Ability,
  type Colour,
  type CombatantId,
  type DieResult,
  type PlayerId,
} from "./types.js";
import { validAbility, validColour } from "./validate.js";
import { effectiveAbility, effectiveDefense } from "./wounds.js";

/**
 * Five-die checks and what is built on them: Attack (defender first, then attacker), ranged
 * shots, and the check of a Steal (steal.ts). A roll waits in `state.pending` for its one reroll
 * or keep; monsters never wait.
 */

interface RollSpec {
  ability: Ability;
  difficulty: Colour;
  purpose: CheckPurpose;
  thresholds?: Partial<Thresholds> | undefined;
}

function validThresholds(
  thresholds: Partial<Thresholds> | undefined,
): Partial<Thresholds> | undefined {
  if (!thresholds) return undefined;
  for (const result of RESULTS) {
    const value = thresholds[result];
    if (value === undefined || value === null) continue;
    if (!Number.isInteger(value) || value < 1 || value > 10) {
      refuse({ code: "invalid-amount", field: `thresholds.${result}`, min: 1, max: 10 });
    }
  }
  return thresholds;
}

/** Rolls a check for a combatant: a monster (or a transformed Cultist in a fight) uses its attack dice. */
export function rollFor(ctx: Ctx, combatant: Combatant, spec: RollSpec): Check {
  const inFight = spec.purpose === "attack" || spec.purpose === "defend";
  const id = combatant.kind === "character" ? combatant.character.id : combatant.monster.id;
  const bonus = itemBonus(ctx.state, id, inFight ? "combat" : "other");
  const base = {
    roller: id,
    difficulty: spec.difficulty,
    thresholds: spec.thresholds,
    extraRerolls: bonus.extraRerolls,
  };
  let check: Check;
  if (combatant.kind === "monster") {
    check = rollCheck(
      { ...base, ability: "attack", abilityDice: combatant.monster.stats.attack, mayReroll: false },
      ctx.rng,
      ctx.settings,
    );
  } else {
    const { character } = combatant;
    const useForm = character.form !== null && inFight;
    check = rollCheck(
      {
        ...base,
        ability: useForm ? "attack" : spec.ability,
        abilityDice:
          useForm && character.form
            ? character.form.stats.attack
            : effectiveAbility(character, spec.ability),
        mayReroll: character.rerolls,
      },
      ctx.rng,
      ctx.settings,
    );
  }
  emit(ctx, {
    type: "check-rolled",
    purpose: spec.purpose,
    roller: check.roller,
    ability: check.ability,
    difficulty: check.difficulty,
    dice: check.dice,
    mayReroll: check.mayReroll,
    extraRerolls: check.extraRerolls,
  });
  ctx.state.rollsBegun = (ctx.state.rollsBegun ?? 0) + 1;
  return { ...check, roll: ctx.state.rollsBegun };
}

/** A press names the roll its buttons were shown for; one for an earlier roll is refused. */
export function requireSameRoll(check: Check, action: { roll?: number }): void {
  if (action.roll !== undefined && check.roll !== undefined && action.roll !== check.roll) {
    refuse({ code: "stale-roll" });
  }
}

/**
 * Why `by` may not choose now for roll `roll` (undefined: whichever waits), or null when they
 * may: it is the roll waiting, and theirs to choose for (or the host's). The engine's reroll and
 * keep refuse by it; a menu that only shows a choice asks it first.
 */
export function rollPressRefusal(state: GameState, by: PlayerId, roll?: number): Refusal | null {
  const waiting = state.phase === "playing" ? waitingCheck(state.pending) : null;
  if (!waiting) return { code: roll === undefined ? "no-roll-pending" : "stale-roll" };
  if (roll !== undefined && waiting.roll !== undefined && roll !== waiting.roll) {
    return { code: "stale-roll" };
  }
  if (!controls(state, by, findCombatant(state, waiting.roller))) {
    return { code: "not-your-roll", roller: waiting.roller };
  }
  return null;
}

function emitFinal(ctx: Ctx, purpose: CheckPurpose, check: Check): void {
  const counts = tally(check.dice);
  emit(ctx, {
    type: "check-final",
    purpose,
    roller: check.roller,
    dice: check.dice,
    rerolled: check.rerolled?.indices ?? [],
    tally: counts,
    outcomes: firedOutcomes(counts, check.thresholds),
  });
}

export function check(ctx: Ctx, action: ActionOf<"check">): void {
  const roller = livingCombatant(ctx.state, action.roller);
  requireControl(ctx, roller);
  const spec: RollSpec = {
    ability: validAbility(action.ability),
    difficulty: validColour(action.difficulty),
    purpose: "check",
    thresholds: validThresholds(action.thresholds),
  };
  ctx.state.pending = { kind: "check", check: rollFor(ctx, roller, spec) };
  progress(ctx);
}

export function defenseOf(combatant: Combatant): number {
  return combatant.kind === "monster"
    ? combatant.monster.stats.defense
    : effectiveDefense(combatant.character);
}

function validCard(card: CombatCard): CombatCard {
  const difficulty = validColour(card.difficulty);
  const defense = card.defense ?? null;
  if (defense !== null && (!Number.isInteger(defense) || defense < 0 || defense > 99)) {
    refuse({ code: "invalid-amount", field: "defense", min: 0, max: 99 });
  }
  return { difficulty, defense };
}

export function attack(ctx: Ctx, action: ActionOf<"attack">): void {
  if (action.attacker === action.defender) refuse({ code: "same-combatant" });
  const attacker = livingCombatant(ctx.state, action.attacker);
  requireActingNow(ctx, attacker);
  const defender = livingCombatant(ctx.state, action.defender);
  const card = validCard(action.card);
  emit(ctx, { type: "combat-began", attacker: action.attacker, defender: action.defender, card });
  const spec = { ability: ctx.settings.combatAbility, difficulty: card.difficulty };
  const defenderRoll = rollFor(ctx, defender, { ...spec, purpose: "defend" });
  ctx.state.pending = {
    kind: "combat",
    attacker: action.attacker,
    defender: action.defender,
    card,
    defenderRoll,
    attackerRoll: null,
  };
  progress(ctx);
}

export function ranged(ctx: Ctx, action: ActionOf<"ranged">): void {
  const shooter = livingCharacter(ctx.state, action.shooter);
  const combatant: Combatant = { kind: "character", character: shooter };
  requireActingNow(ctx, combatant);
  const targets = [...new Set(action.targets)];
  if (targets.length === 0) refuse({ code: "no-targets" });
  if (targets.includes(shooter.id)) refuse({ code: "same-combatant" });
  for (const target of targets) livingCombatant(ctx.state, target);
  const damageResults: DieResult[] = [...new Set(action.damageResults ?? ["good" as const])];
  if (damageResults.length === 0 || !damageResults.every((r) => RESULTS.includes(r))) {
    refuse({ code: "invalid-choice", field: "damageResults", allowed: [...RESULTS] });
  }
  const spec = {
    ability: validAbility(action.ability),
    difficulty: validColour(action.difficulty),
    purpose: "ranged" as const,
  };
  ctx.state.pending = {
    kind: "ranged",
    shooter: shooter.id,
    targets,
    damageResults,
    check: rollFor(ctx, combatant, spec),
  };
  progress(ctx);
}

/** The check now waiting for its reroll or keep, if any. */
export function waitingCheck(pending: Pending | null): Check | null {
  if (!pending) return null;
  const check =
    pending.kind === "combat" ? (pending.attackerRoll ?? pending.defenderRoll) : pending.check;
  return check.final ? null : check;
}

export function chooseReroll(ctx: Ctx, action: ActionOf<"reroll"> | ActionOf<"keep">): void {
  const pending = ctx.state.pending;
  const waiting = waitingCheck(pending);
  if (!pending || !waiting) refuse({ code: "no-roll-pending" });
  const refusal = rollPressRefusal(ctx.state, ctx.by, action.roll);
  if (refusal) refuse(refusal);
  const next =
    action.type === "keep"
      ? keepCheck(waiting)
      : rerollCheck(waiting, rerollChoiceOf(action), ctx.rng, ctx.settings);
  if (pending.kind === "combat") {
    if (pending.attackerRoll) pending.attackerRoll = next;
    else pending.defenderRoll = next;
  } else pending.check = next;
  progress(ctx);
}

/** Moves a pending roll on as far as it goes without a player's choice. */
export function progress(ctx: Ctx): void {
  const { state } = ctx;
  const pending = state.pending;
  if (!pending) return;
  switch (pending.kind) {
    case "check":
      if (!pending.check.final) return;
      emitFinal(ctx, "check", pending.check);
      state.pending = null;
      return;
    case "combat":
      if (!pending.defenderRoll.final) return;
      if (!pending.attackerRoll) {
        emitFinal(ctx, "defend", pending.defenderRoll);
        const attacker = findCombatant(state, pending.attacker);
        const spec = {
          ability: ctx.settings.combatAbility,
          difficulty: pending.card.difficulty,
          purpose: "attack" as const,
        };
        pending.attackerRoll = rollFor(ctx, attacker, spec);
      }
      if (!pending.attackerRoll.final) return;
      emitFinal(ctx, "attack", pending.attackerRoll);
      state.pending = null;
      resolveCombat(
        ctx,
        pending.attacker,
        pending.defender,
        pending.card,
        pending.defenderRoll,
        pending.attackerRoll,
      );
      return;
    case "ranged":
      if (!pending.check.final) return;
      emitFinal(ctx, "ranged", pending.check);
      state.pending = null;
      resolveShot(ctx, pending.shooter, pending.targets, pending.damageResults, pending.check);
      return;
    case "steal": {
      if (!pending.check.final || pending.succeeded !== null) return;
      emitFinal(ctx, "steal", pending.check);
      const target = findCombatant(state, pending.target);
      const succeeded = stealSucceeds(tally(pending.check.dice), defenseOf(target));
      emit(ctx, {
        type: "steal-resolved",
        thief: pending.thief,
        target: pending.target,
        succeeded,
      });
      if (succeeded) pending.succeeded = true;
      else state.pending = null;
      return;
    }
  }
}

function resolveCombat(
  ctx: Ctx,
  attackerId: CombatantId,
  defenderId: CombatantId,
  card: CombatCard,
  defenderRoll: Check,
  attackerRoll: Check,
): void {
  const attacker = findCombatant(ctx.state, attackerId);
  const defender = findCombatant(ctx.state, defenderId);
  const a = tally(attackerRoll.dice);
  const d = tally(defenderRoll.dice);
  const bonus = (id: CombatantId) => itemBonus(ctx.state, id, "combat").combatDamage;
  const toDefender = meleeDamage(a, d, card.defense ?? defenseOf(defender), bonus(attackerId));
  const toAttacker = meleeDamage(d, a, card.defense ?? defenseOf(attacker), bonus(defenderId));
  const weird: CombatantId[] = [];
  if (combatWeird(d, ctx.settings)) weird.push(defenderId);
  if (combatWeird(a, ctx.settings)) weird.push(attackerId);
  emit(ctx, {
    type: "combat-resolved",
    attacker: attackerId,
    defender: defenderId,
    toDefender,
    toAttacker,
    weird,
  });
  // Simultaneous: both amounts were reckoned before either is applied, so both may fall.
  damage(ctx, defender, toDefender);
  damage(ctx, attacker, toAttacker);
}

function resolveShot(
  ctx: Ctx,
  shooter: CombatantId,
  targets: CombatantId[],
  damageResults: readonly DieResult[],
  shot: Check,
): void {
  const counts = tally(shot.dice);
  const hits = targets.map((id) => {
    const target = findCombatant(ctx.state, id);
    return {
      target: id,
      combatant: target,
      damage: rangedDamage(counts, damageResults, defenseOf(target)),
    };
  });
  emit(ctx, {
    type: "ranged-resolved",
    shooter,
    hits: hits.map(({ target, damage: amount }) => ({ target, damage: amount })),
  });
  for (const hit of hits) damage(ctx, hit.combatant, hit.damage);
}
