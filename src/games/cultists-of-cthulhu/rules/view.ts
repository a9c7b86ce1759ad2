import { cardOf, disclose } from "./deal.js";
import { isComplete, piecesInBag } from "./elder-sign.js";
import type { Disclosure, Fact } from "./facts.js";
import { madnessStage } from "./horror.js";
import type { Settings } from "./settings.js";
import type {
  Character,
  GameResult,
  GameState,
  Item,
  Monster,
  Pending,
  Phase,
  Pieces,
  RoleCard,
  Turn,
  WoundEffect,
} from "./state.js";
import {
  ABILITIES,
  type Abilities,
  type CardId,
  type CharacterId,
  type CharacterSheet,
  type CombatantId,
  type MadnessStage,
  type Mode,
  type PlayerId,
  type StarCard,
} from "./types.js";
import { effectiveAbility, effectiveDefense, effectiveSpeed, woundCount } from "./wounds.js";

/**
 * What one viewer may know of the game: the one place that enforces secrecy. Every read path
 * (status, role view, history, autocomplete, exports, logs) renders from `viewFor` and
 * `visibleFacts`, never from the state itself.
 */

export type Viewer = { kind: "table" } | { kind: "player"; player: PlayerId };

export const TABLE_VIEWER: Viewer = { kind: "table" };

export function playerViewer(player: PlayerId): Viewer {
  return { kind: "player", player };
}

export interface CharacterView {
  id: CharacterId;
  owner: PlayerId | null;
  sheet: CharacterSheet;
  /** Dice now, Wound tokens included. */
  abilities: Abilities;
  speed: number;
  defense: number;
  horror: number;
  stage: MadnessStage;
  wounds: WoundEffect[];
  woundsTaken: number;
  woundLimit: number;
  dead: boolean;
  form: Character["form"];
  rerolls: boolean;
  met: string[];
}

export interface RolesView {
  /** The viewer's own card(s): their Role card, or (one player) each character's Academic card. */
  own: { character: CharacterId | null; card: RoleCard }[];
  /** The viewer is the Cultist and the stars have reached their number. */
  mayReveal: boolean;
  /** Two players: the viewer must reveal before play goes on. */
  mustReveal: boolean;
  /** Two players: play waits for a forced reveal (the whole table sees that it is stuck). */
  awaitingReveal: boolean;
  revealed: { player: PlayerId; card: RoleCard; character: CharacterId | null }[];
  madness: { player: PlayerId; card: RoleCard }[];
  /** The possible Cultists of the scenario (the Scenario Sheet's "Stars Align"), not which is in play. */
  scenarioCultists: RoleCard[];
  academicCards: number;
  faceUp: RoleCard | null;
  activated: { card: RoleCard; character: CharacterId | null } | null;
  /** One player: the face-down row; null where a card is still face down. */
  row: (RoleCard | null)[];
  discarded: number;
  /** Every card, once the game has ended. */
  disclosure: Disclosure | null;
}

export interface GameView {
  viewer: Viewer;
  phase: Phase;
  scenario: string;
  host: PlayerId;
  seats: PlayerId[];
  mode: Mode | null;
  round: number;
  turn: Turn | null;
  startingPlayer: PlayerId | null;
  stars: number;
  starCards: { oneRound: StarCard[]; weather: StarCard | null };
  goals: Record<string, 0 | 1 | 2>;
  characters: CharacterView[];
  /** One player: the characters the set-aside one was drawn from, none marked as drawn. */
  setAsideCandidates: { id: CharacterId; sheet: CharacterSheet }[];
  monsters: (Monster & { woundsLeft: number })[];
  items: Item[];
  elderSign: {
    held: Record<CombatantId, Pieces>;
    ground: Pieces;
    inBag: Pieces;
    complete: CombatantId[];
  };
  pending: Pending | null;
  roles: RolesView;
  result: GameResult | null;
}

function characterView(character: Character): CharacterView {
  const { taken, limit } = woundCount(character);
  const abilities = Object.fromEntries(
    ABILITIES.map((ability) => [ability, effectiveAbility(character, ability)]),
  ) as Abilities;
  return structuredClone({
    id: character.id,
    owner: character.owner,
    sheet: character.sheet,
    abilities,
    speed: effectiveSpeed(character),
    defense: effectiveDefense(character),
    horror: character.horror,
    stage: madnessStage(character.horror, character.sheet.horror),
    wounds: character.wounds,
    woundsTaken: taken,
    woundLimit: limit,
    dead: character.dead,
    form: character.form,
    rerolls: character.rerolls,
    met: character.met,
  });
}

const CANDIDATE_STATUSES: ReadonlySet<Character["status"]> = new Set([
  "candidate",
  "set-aside",
  "unused",
]);

export function viewFor(state: GameState, viewer: Viewer, settings: Settings): GameView {
  const characters = Object.values(state.characters);
  const held = state.elderSign.held;
  return structuredClone({
    viewer,
    phase: state.phase,
    scenario: state.scenario,
    host: state.host,
    seats: state.seats,
    mode: state.mode,
    round: state.round,
    turn: state.turn,
    startingPlayer: state.startingPlayer,
    stars: state.stars,
    starCards: state.starCards,
    goals: state.goals,
    characters: characters.filter((c) => c.status === "in-play").map(characterView),
    setAsideCandidates: characters
      .filter((c) => CANDIDATE_STATUSES.has(c.status))
      .map((c) => ({ id: c.id, sheet: c.sheet })),
    monsters: Object.values(state.monsters).map((m) => ({
      ...m,
      woundsLeft: Math.max(0, m.stats.wounds - m.damage),
    })),
    items: Object.values(state.items),
    elderSign: {
      held,
      ground: state.elderSign.ground,
      inBag: piecesInBag(state, settings),
      complete: Object.keys(held).filter((id) => isComplete(held[id] as Pieces, settings)),
    },
    pending: state.pending,
    roles: rolesView(state, viewer),
    result: state.result,
  });
}

function rolesView(state: GameState, viewer: Viewer): RolesView {
  const deal = state.deal;
  const player = viewer.kind === "player" ? viewer.player : null;
  const card = (id: CardId) => cardOf(state, id);
  const own: RolesView["own"] = [];
  if (deal && player !== null) {
    const hand = deal.hands[player];
    if (hand !== undefined) own.push({ character: null, card: card(hand) });
    for (const [character, id] of Object.entries(deal.characterCards)) {
      if (state.characters[character]?.owner === player) own.push({ character, card: card(id) });
    }
  }
  const mine = own[0]?.card;
  const revealed = state.reveals.map((r) => ({
    player: r.player,
    card: card(r.card),
    character: r.character,
  }));
  const iRevealed = revealed.some((r) => r.player === player);
  return {
    own,
    mayReveal:
      state.phase === "playing" &&
      mine?.kind === "cultist" &&
      !iRevealed &&
      state.stars >= mine.number,
    mustReveal: player !== null && state.forcedReveals.includes(player),
    awaitingReveal: state.forcedReveals.length > 0,
    revealed,
    madness: state.madnessRevealed.flatMap((p) => {
      const id = deal?.hands[p];
      return id === undefined ? [] : [{ player: p, card: card(id) }];
    }),
    scenarioCultists: Object.values(state.cards).filter((c) => c.kind === "cultist"),
    academicCards: Object.values(state.cards).filter((c) => c.kind === "academic").length,
    faceUp: deal?.faceUp ? card(deal.faceUp) : null,
    activated: state.activation
      ? { card: card(state.activation.card), character: state.activation.character }
      : null,
    row: (deal?.row ?? []).map((entry) => (entry.revealed ? card(entry.card) : null)),
    discarded: deal?.discarded.length ?? 0,
    disclosure: state.phase === "ended" ? disclose(state) : null,
  };
}

/** Whether a viewer may see a fact now; once the game has ended, every fact may be seen. */
export function factVisibleTo(fact: Fact, viewer: Viewer, ended: boolean): boolean {
  if (ended || fact.visibility.to === "table") return true;
  if (fact.visibility.to === "nobody-until-end") return false;
  return viewer.kind === "player" && fact.visibility.players.includes(viewer.player);
}

export function visibleFacts(facts: readonly Fact[], viewer: Viewer, ended: boolean): Fact[] {
  return facts.filter((fact) => factVisibleTo(fact, viewer, ended));
}
