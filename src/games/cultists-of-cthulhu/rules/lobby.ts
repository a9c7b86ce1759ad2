import type { ActionOf } from "./actions.js";
import { emit, findCharacter, isSeated, requireHost, type Ctx } from "./context.js";
import { onlyTo } from "./facts.js";
import { refuse } from "./refusals.js";
import { modeFor, type Settings } from "./settings.js";
import { nextId, removeEntry, type Character, type Madness } from "./state.js";
import { ABILITIES, COLOURS, type CharacterSheet, type PlayerId } from "./types.js";
import { isOneOf } from "./validate.js";

/** Opening the game, the lobby, and what the table enters before the deal. */

const MAX_STAT = 99;

export function join(ctx: Ctx): void {
  const { state } = ctx;
  if (isSeated(state, ctx.by)) refuse({ code: "already-joined", player: ctx.by });
  if (state.seats.length >= ctx.settings.players.max) {
    refuse({ code: "lobby-full", max: ctx.settings.players.max });
  }
  state.seats.push(ctx.by);
  emit(ctx, { type: "player-joined", player: ctx.by });
}

export function leave(ctx: Ctx): void {
  const { state } = ctx;
  if (!isSeated(state, ctx.by)) refuse({ code: "not-a-player", player: ctx.by });
  state.seats = state.seats.filter((player) => player !== ctx.by);
  for (const character of Object.values(state.characters)) {
    if (character.owner === ctx.by) removeEntry(state.characters, character.id);
  }
  emit(ctx, { type: "player-left", player: ctx.by });
}

export function start(ctx: Ctx, action: ActionOf<"start">): void {
  requireHost(ctx);
  const { state, settings } = ctx;
  const count = state.seats.length;
  if (count < settings.players.min || count > settings.players.max) {
    refuse({ code: "player-count", players: count, ...settings.players });
  }
  if (action.seating) {
    const sorted = [...action.seating].sort();
    const seats = [...state.seats].sort();
    if (sorted.length !== seats.length || sorted.some((player, i) => player !== seats[i])) {
      refuse({ code: "seating-mismatch" });
    }
    state.seats = [...action.seating];
  }
  state.mode = modeFor(count);
  state.phase = "setup";
  emit(ctx, { type: "game-started", seats: [...state.seats], mode: state.mode });
}

/** Refuses a sheet the rules cannot use; the field names what to fix. */
export function validateSheet(sheet: CharacterSheet, settings: Settings): void {
  const bad = (field: string): never => refuse({ code: "invalid-sheet", field });
  if (typeof sheet.name !== "string" || sheet.name.trim() === "") bad("name");
  const whole = (value: number, min: number) =>
    Number.isInteger(value) && value >= min && value <= MAX_STAT;
  if (!whole(sheet.wounds, 1)) bad("wounds");
  if (!whole(sheet.speed, 0)) bad("speed");
  if (!whole(sheet.defense, 0)) bad("defense");
  const { stage2, stage3, end } = sheet.horror;
  if (!whole(stage2, 1)) bad("horror.stage2");
  if (!whole(stage3, 1) || stage3 <= stage2) bad("horror.stage3");
  if (!whole(end, 1) || end < stage3) bad("horror.end");
  for (const ability of ABILITIES) {
    const dice = sheet.abilities[ability];
    const fits = Array.isArray(dice) && dice.length >= 1 && dice.length <= settings.poolSize;
    if (!fits || !dice.every((die) => isOneOf(die, COLOURS))) bad(`abilities.${ability}`);
  }
}

function newCharacter(
  ctx: Ctx,
  owner: PlayerId | null,
  sheet: CharacterSheet,
  status: Character["status"],
): Character {
  validateSheet(sheet, ctx.settings);
  const copy: CharacterSheet = structuredClone({ ...sheet, name: sheet.name.trim() });
  const character: Character = {
    id: nextId(ctx.state, "c"),
    owner,
    sheet: copy,
    status,
    abilities: structuredClone(copy.abilities),
    horror: 0,
    wounds: [],
    dead: false,
    form: null,
    rerolls: true,
    met: [],
  };
  ctx.state.characters[character.id] = character;
  return character;
}

export function enterCharacter(ctx: Ctx, action: ActionOf<"enter-character">): void {
  const player = action.player ?? ctx.by;
  if (player !== ctx.by) requireHost(ctx);
  if (!isSeated(ctx.state, player)) refuse({ code: "not-a-player", player });
  const character = newCharacter(ctx, player, action.sheet, "in-play");
  emit(ctx, {
    type: "character-entered",
    character: character.id,
    player,
    sheet: character.sheet,
  });
}

export function removeCharacter(ctx: Ctx, action: ActionOf<"remove-character">): void {
  const character = findCharacter(ctx.state, action.character);
  const ownerAsks = character.owner !== null && character.owner === ctx.by;
  const soloPlayerAsks = character.status === "candidate" && isSeated(ctx.state, ctx.by);
  if (!ownerAsks && !soloPlayerAsks) requireHost(ctx);
  removeEntry(ctx.state.characters, character.id);
  emit(ctx, { type: "character-removed", character: character.id });
}

export function addSetAsideCandidate(ctx: Ctx, action: ActionOf<"add-set-aside-candidate">): void {
  const { state } = ctx;
  if (state.mode !== "solo")
    refuse({ code: "wrong-mode", mode: state.mode ?? "table", needed: ["solo"] });
  if (!isSeated(state, ctx.by)) requireHost(ctx);
  const character = newCharacter(ctx, null, action.sheet, "candidate");
  emit(ctx, { type: "set-aside-candidate-added", character: character.id, sheet: character.sheet });
}

export function addCultistCard(ctx: Ctx, action: ActionOf<"add-cultist-card">): void {
  requireHost(ctx);
  const allowed = ctx.settings.cultistNumbers;
  if (!allowed.includes(action.number)) {
    refuse({ code: "invalid-cultist-number", number: action.number, allowed });
  }
  const id = nextId(ctx.state, "k");
  const card = {
    id,
    kind: "cultist" as const,
    number: action.number,
    text: action.text,
    empowers: action.empowers,
  };
  ctx.state.cards[id] = card;
  emit(ctx, {
    type: "cultist-card-added",
    card: id,
    number: card.number,
    text: card.text,
    empowers: card.empowers,
  });
}

export function addAcademicCard(ctx: Ctx, action: ActionOf<"add-academic-card">): void {
  requireHost(ctx);
  const madness: Madness = {
    stage1: action.madness.stage1,
    stage2: action.madness.stage2,
    stage3: action.madness.stage3,
  };
  const id = nextId(ctx.state, "k");
  ctx.state.cards[id] = { id, kind: "academic", madness };
  // Which Academic cards exist tells nothing about who gets them, but only the host typed them.
  emit(ctx, { type: "academic-card-added", card: id, madness }, onlyTo(ctx.state.host));
}

export function removeCard(ctx: Ctx, action: ActionOf<"remove-card">): void {
  requireHost(ctx);
  const card = ctx.state.cards[action.card];
  if (!card) refuse({ code: "unknown-card", card: action.card });
  removeEntry(ctx.state.cards, card.id);
  const visibility = card.kind === "academic" ? onlyTo(ctx.state.host) : undefined;
  emit(ctx, { type: "card-removed", card: card.id }, visibility);
}
