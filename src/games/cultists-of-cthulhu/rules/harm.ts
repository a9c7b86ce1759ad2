import type { ActionOf } from "./actions.js";
import {
  emit,
  findMonster,
  livingCombatant,
  ownCharacter,
  requireAtTable,
  requireControl,
  requireHost,
  type Combatant,
  type Ctx,
} from "./context.js";
import { rollDie } from "./dice.js";
import { dropAllPieces } from "./elder-sign.js";
import { onlyTo } from "./facts.js";
import { addHorror, reduceHorror, type HorrorChange } from "./horror.js";
import { dropAllItems } from "./items.js";
import { refuse } from "./refusals.js";
import { nextId, removeEntry, type Character, type Monster, type WoundEffect } from "./state.js";
import { ABILITIES, COLOURS, type MonsterStats } from "./types.js";
import { isOneOf, requireWhole, validAbility } from "./validate.js";
import { characterIsFatallyWounded, isFatal, monsterWoundsLeft, woundCount } from "./wounds.js";

/** Horror, Wounds, death, monsters and the first-meeting Horror (seed part 4). */

const MAX = 99;

/**
 * `amount` damage (Wounds) to a combatant: a character draws one token per Wound (plain unless
 * `tokens` says what they read); a transformed Cultist's and a monster's body counts damage.
 */
export function damage(ctx: Ctx, target: Combatant, amount: number, tokens?: WoundEffect[]): void {
  if (amount <= 0) return;
  if (target.kind === "monster") {
    damageMonster(ctx, target.monster, amount);
    return;
  }
  const character = target.character;
  if (character.dead) return;
  const drawn: WoundEffect[] = [];
  if (character.form) character.form.damage += amount;
  else {
    for (let i = 0; i < amount; i++) drawn.push(tokens?.[i] ?? { kind: "plain" });
    character.wounds.push(...drawn);
  }
  const { taken, limit } = woundCount(character);
  emit(ctx, {
    type: "wounded",
    target: character.id,
    tokens: drawn,
    amount,
    left: Math.max(0, limit - taken),
  });
  if (characterIsFatallyWounded(character, ctx.settings)) kill(ctx, character);
}

function damageMonster(ctx: Ctx, monster: Monster, amount: number): void {
  if (monster.dead) return;
  monster.damage += amount;
  emit(ctx, {
    type: "wounded",
    target: monster.id,
    tokens: [],
    amount,
    left: monsterWoundsLeft(monster),
  });
  if (isFatal(monster.damage, monster.stats.wounds, ctx.settings)) {
    monster.dead = true;
    emit(ctx, { type: "monster-died", monster: monster.id });
    dropAllItems(ctx, monster.id);
    dropAllPieces(ctx, monster.id);
  }
}

export function kill(ctx: Ctx, character: Character): void {
  if (character.dead) return;
  character.dead = true;
  emit(ctx, { type: "character-died", character: character.id });
  dropAllItems(ctx, character.id);
  dropAllPieces(ctx, character.id);
}

/** Horror on the track, the overflow past its end as Wounds, the owner told of a new stage. */
export function sufferHorror(ctx: Ctx, character: Character, amount: number): void {
  const change = addHorror(character.horror, amount, character.sheet.horror);
  character.horror = change.horror;
  emit(ctx, { type: "horror-taken", character: character.id, amount, horror: change.horror });
  announceStage(ctx, character, change);
  if (change.overflowWounds > 0) {
    emit(ctx, {
      type: "horror-overflowed",
      character: character.id,
      wounds: change.overflowWounds,
    });
    damage(ctx, { kind: "character", character }, change.overflowWounds);
  }
}

function announceStage(ctx: Ctx, character: Character, change: HorrorChange): void {
  if (change.stageAfter === change.stageBefore || character.owner === null) return;
  emit(
    ctx,
    { type: "madness-stage-entered", character: character.id, stage: change.stageAfter },
    onlyTo(character.owner),
  );
}

export function horror(ctx: Ctx, action: ActionOf<"horror">): void {
  const character = ownCharacter(ctx, action.character);
  requireWhole("amount", action.amount, 1, MAX);
  sufferHorror(ctx, character, action.amount);
}

export function lessHorror(ctx: Ctx, action: ActionOf<"reduce-horror">): void {
  const character = ownCharacter(ctx, action.character);
  requireWhole("amount", action.amount, 1, MAX);
  const change = reduceHorror(character.horror, action.amount, character.sheet.horror);
  character.horror = change.horror;
  emit(ctx, {
    type: "horror-reduced",
    character: character.id,
    amount: action.amount,
    horror: change.horror,
  });
  announceStage(ctx, character, change);
}

export function validWoundEffect(effect: WoundEffect): WoundEffect {
  const bad = (): never =>
    refuse({
      code: "invalid-choice",
      field: "token",
      allowed: ["plain", "double", "speed", "defense", "ability"],
    });
  switch (effect.kind) {
    case "plain":
    case "double":
      return { kind: effect.kind };
    case "speed":
    case "defense":
      if (!Number.isInteger(effect.delta) || effect.delta === 0 || Math.abs(effect.delta) > 9)
        bad();
      return { kind: effect.kind, delta: effect.delta };
    case "ability":
      if (!isOneOf(effect.ability, ABILITIES) || !isOneOf(effect.colour, COLOURS)) bad();
      return { kind: "ability", ability: effect.ability, colour: effect.colour };
    default:
      return bad();
  }
}

export function wound(ctx: Ctx, action: ActionOf<"wound">): void {
  const target = livingCombatant(ctx.state, action.target);
  if (target.kind === "character") requireControl(ctx, target);
  else requireAtTable(ctx);
  const tokens =
    target.kind === "character" && !target.character.form
      ? action.tokens?.map(validWoundEffect)
      : undefined;
  const amount = tokens && tokens.length > 0 ? tokens.length : (action.amount ?? 0);
  requireWhole("amount", amount, 1, MAX);
  damage(ctx, target, amount, tokens);
}

/** The first of the character's Wounds whose token reads `token`. */
function woundReading(character: Character, token: WoundEffect): number {
  const wanted = JSON.stringify(woundKey(validWoundEffect(token)));
  const index = character.wounds.findIndex((w) => JSON.stringify(woundKey(w)) === wanted);
  if (index < 0) refuse({ code: "no-such-wound", character: character.id, token });
  return index;
}

/** What a token says, field order aside. */
function woundKey(effect: WoundEffect): unknown[] {
  switch (effect.kind) {
    case "plain":
    case "double":
      return [effect.kind];
    case "speed":
    case "defense":
      return [effect.kind, effect.delta];
    case "ability":
      return [effect.kind, effect.ability, effect.colour];
  }
}

export function setWoundToken(ctx: Ctx, action: ActionOf<"set-wound-token">): void {
  const character = ownCharacter(ctx, action.character);
  const index = woundReading(character, action.token);
  const effect = validWoundEffect(action.effect);
  character.wounds[index] = effect;
  emit(ctx, { type: "wound-token-set", character: character.id, index, effect });
  if (characterIsFatallyWounded(character, ctx.settings)) kill(ctx, character);
}

export function healWound(ctx: Ctx, action: ActionOf<"heal-wound">): void {
  const character = ownCharacter(ctx, action.character);
  const index = woundReading(character, action.token);
  character.wounds.splice(index, 1);
  emit(ctx, { type: "wound-healed", character: character.id, index });
}

export function changeAbility(
  ctx: Ctx,
  action: ActionOf<"add-ability-die"> | ActionOf<"remove-ability-die">,
): void {
  const character = ownCharacter(ctx, action.character);
  const ability = validAbility(action.ability);
  if (!isOneOf(action.colour, COLOURS))
    refuse({ code: "no-such-die", colour: String(action.colour) });
  const dice = character.abilities[ability];
  if (action.type === "add-ability-die") dice.push(action.colour);
  else {
    const at = dice.lastIndexOf(action.colour);
    if (at < 0) refuse({ code: "no-such-die", colour: action.colour });
    dice.splice(at, 1);
  }
  emit(ctx, { type: "ability-changed", character: character.id, ability, dice: [...dice] });
}

export function validMonsterStats(stats: MonsterStats, poolSize: number): MonsterStats {
  if (typeof stats.name !== "string" || stats.name.trim() === "") {
    refuse({ code: "invalid-sheet", field: "name" });
  }
  requireWhole("horror", stats.horror, 0, MAX);
  requireWhole("speed", stats.speed, 0, MAX);
  requireWhole("defense", stats.defense, 0, MAX);
  requireWhole("wounds", stats.wounds, 1, MAX);
  const attack = Array.isArray(stats.attack) ? stats.attack : [];
  if (
    attack.length < 1 ||
    attack.length > poolSize ||
    !attack.every((die) => isOneOf(die, COLOURS))
  ) {
    refuse({ code: "invalid-sheet", field: "attack" });
  }
  return { ...stats, name: stats.name.trim(), attack: [...attack] };
}

export function spawnMonster(ctx: Ctx, action: ActionOf<"spawn-monster">): void {
  requireAtTable(ctx);
  const stats = validMonsterStats(action.stats, ctx.settings.poolSize);
  if (action.power !== undefined && !isOneOf(action.power, COLOURS)) {
    refuse({ code: "no-such-die", colour: String(action.power) });
  }
  const monster: Monster = { id: nextId(ctx.state, "m"), stats, damage: 0, dead: false };
  ctx.state.monsters[monster.id] = monster;
  emit(ctx, { type: "monster-spawned", monster: monster.id, stats });
  if (action.power !== undefined) {
    const { result } = rollDie(ctx.rng, ctx.settings, action.power);
    emit(ctx, { type: "monster-power-rolled", monster: monster.id, colour: action.power, result });
  }
}

export function removeMonster(ctx: Ctx, action: ActionOf<"remove-monster">): void {
  requireHost(ctx);
  const monster = findMonster(ctx.state, action.monster);
  dropAllItems(ctx, monster.id);
  dropAllPieces(ctx, monster.id);
  removeEntry(ctx.state.monsters, monster.id);
  emit(ctx, { type: "monster-removed", monster: monster.id });
}

/** The first time this character meets this kind of monster: the monster's Horror. */
export function encounter(ctx: Ctx, action: ActionOf<"encounter">): void {
  const character = ownCharacter(ctx, action.character);
  const monster = findMonster(ctx.state, action.monster);
  if (monster.dead) refuse({ code: "dead", combatant: monster.id });
  const kind = monster.stats.name;
  if (character.met.includes(kind))
    refuse({ code: "already-encountered", character: character.id, monster: kind });
  character.met.push(kind);
  emit(ctx, {
    type: "encountered",
    character: character.id,
    monster: monster.id,
    horror: monster.stats.horror,
  });
  if (monster.stats.horror > 0) sufferHorror(ctx, character, monster.stats.horror);
}
