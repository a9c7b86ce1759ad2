import type { ActionOf } from "./actions.js";
import { charactersOf, emit, isSeated, requireHost, type Ctx } from "./context.js";
import { NOBODY_UNTIL_END, onlyTo, type Disclosure } from "./facts.js";
import { refuse } from "./refusals.js";
import { drawn, shuffled } from "./rng.js";
import { charactersPerPlayer } from "./settings.js";
import { nextId, type Deal, type GameState, type RoleCard } from "./state.js";
import { beginPlay } from "./turns.js";
import type { CardId, PlayerId } from "./types.js";

/** Dealing the roles by the seed's rules for 3–6 players (part 1), two (part 5) and one (part 6). */

type CultistCard = Extract<RoleCard, { kind: "cultist" }>;

export function deal(ctx: Ctx, action: ActionOf<"deal">): void {
  requireHost(ctx);
  const { state, settings } = ctx;
  const mode = state.mode ?? "table";
  const needed = charactersPerPlayer(settings, mode);
  for (const player of state.seats) {
    const entered = charactersOf(state, player).length;
    if (entered !== needed) refuse({ code: "characters-needed", player, needed, entered });
  }
  const candidates = Object.values(state.characters).filter((c) => c.status === "candidate");
  if (mode === "solo" && candidates.length === 0) refuse({ code: "set-aside-candidate-needed" });
  const firstPlayer = action.firstPlayer ?? state.seats[0];
  if (firstPlayer === undefined || !isSeated(state, firstPlayer)) {
    refuse({ code: "not-a-player", player: firstPlayer ?? ctx.by });
  }

  const cultists = Object.values(state.cards).filter((c): c is CultistCard => c.kind === "cultist");
  const result = emptyDeal();
  if (mode === "table") dealTable(ctx, cultists, result);
  if (mode === "duel") dealDuel(ctx, cultists, result);
  if (mode === "solo") dealSolo(ctx, cultists, result);
  state.deal = result;

  emit(ctx, { type: "roles-dealt", mode, firstPlayer });
  for (const [player, card] of Object.entries(result.hands)) {
    emit(
      ctx,
      { type: "role-dealt", player, character: null, card: cardOf(state, card) },
      onlyTo(player),
    );
  }
  for (const [character, card] of Object.entries(result.characterCards)) {
    const owner = state.characters[character]?.owner ?? ctx.by;
    emit(
      ctx,
      { type: "role-dealt", player: owner, character, card: cardOf(state, card) },
      onlyTo(owner),
    );
  }
  if (result.faceUp !== null) {
    emit(ctx, { type: "cultist-card-face-up", card: cardOf(state, result.faceUp) });
  }
  emit(ctx, { type: "deal-recorded", disclosure: disclose(state) }, NOBODY_UNTIL_END);
  beginPlay(ctx, firstPlayer);
}

function emptyDeal(): Deal {
  return {
    hands: {},
    characterCards: {},
    discarded: [],
    unused: [],
    faceUp: null,
    row: [],
    setAside: null,
  };
}

/** `count` Academic cards drawn from those entered, blank ones added when the host gave too few. */
function academics(ctx: Ctx, count: number, deal: Deal): CardId[] {
  const { state } = ctx;
  const pool = Object.values(state.cards)
    .filter((card) => card.kind === "academic")
    .map((card) => card.id);
  while (pool.length < count) {
    const id = nextId(state, "k");
    state.cards[id] = { id, kind: "academic", madness: null };
    pool.push(id);
  }
  const chosen = drawn(ctx.rng, pool, count);
  deal.unused.push(...pool.filter((id) => !chosen.includes(id)));
  return chosen;
}

/** The one Cultist card for each number the mode needs; refuses a missing or doubled number. */
function oneAt(cultists: CultistCard[], numbers: readonly number[]): CultistCard[] {
  const missing = numbers.filter((n) => !cultists.some((card) => card.number === n));
  if (missing.length > 0) refuse({ code: "cultist-cards-needed", numbers: missing });
  return numbers.map((n) => {
    const at = cultists.filter((card) => card.number === n);
    if (at.length > 1) refuse({ code: "duplicate-cultist-number", number: n });
    return at[0] as CultistCard;
  });
}

function handOut(state: GameState, deal: Deal, cards: CardId[]): void {
  state.seats.forEach((player: PlayerId, i) => {
    const card = cards[i];
    if (card !== undefined) deal.hands[player] = card;
  });
}

function dealTable(ctx: Ctx, cultists: CultistCard[], deal: Deal): void {
  // One card per number, as every scenario has: the list of possibilities then says nothing.
  const [cultist] = drawn(ctx.rng, oneAt(cultists, ctx.settings.cultistNumbers), 1) as [
    CultistCard,
  ];
  deal.unused.push(...cultists.filter((card) => card !== cultist).map((card) => card.id));
  const others = academics(ctx, ctx.state.seats.length - 1, deal);
  handOut(ctx.state, deal, shuffled(ctx.rng, [cultist.id, ...others]));
}

function dealDuel(ctx: Ctx, cultists: CultistCard[], deal: Deal): void {
  const rules = ctx.settings.roleDeal.duel;
  const all = oneAt(cultists, [...rules.faceDown, rules.faceUp]);
  const faceDown = all.slice(0, rules.faceDown.length).map((card) => card.id);
  deal.faceUp = (all[all.length - 1] as CultistCard).id;
  const cards = shuffled(ctx.rng, [...faceDown, ...academics(ctx, rules.academics, deal)]);
  const players = ctx.state.seats.length;
  handOut(ctx.state, deal, cards.slice(0, players));
  deal.discarded = cards.slice(players);
}

function dealSolo(ctx: Ctx, cultists: CultistCard[], deal: Deal): void {
  const { state, settings, rng } = ctx;
  const rules = settings.roleDeal.solo;
  oneAt(cultists, rules.rowRevealsAt);
  const [inRow] = drawn(rng, cultists, 1) as [CultistCard];
  deal.unused.push(...cultists.filter((card) => card !== inRow).map((card) => card.id));
  const mine = Object.values(state.characters).filter((c) => c.status === "in-play");
  const cards = academics(ctx, mine.length + rules.rowAcademics, deal);
  mine.forEach((character, i) => {
    deal.characterCards[character.id] = cards[i] as CardId;
  });
  const row = shuffled(rng, [inRow.id, ...cards.slice(mine.length)]);
  deal.row = row.map((card) => ({ card, revealed: false }));
  const candidates = Object.values(state.characters).filter((c) => c.status === "candidate");
  const [setAside] = drawn(rng, candidates, 1);
  for (const candidate of candidates)
    candidate.status = candidate === setAside ? "set-aside" : "unused";
  deal.setAside = setAside?.id ?? null;
}

export function cardOf(state: GameState, id: CardId): RoleCard {
  const card = state.cards[id];
  if (!card) refuse({ code: "unknown-card", card: id });
  return card;
}

/** Every card of the deal, for the table at the end (and the record nobody sees until then). */
export function disclose(state: GameState): Disclosure {
  const deal = state.deal ?? emptyDeal();
  const cards = (ids: CardId[]) => ids.map((id) => cardOf(state, id));
  const byKey = (record: Record<string, CardId>) =>
    Object.fromEntries(Object.entries(record).map(([key, id]) => [key, cardOf(state, id)]));
  return {
    hands: byKey(deal.hands),
    characterCards: byKey(deal.characterCards),
    discarded: cards(deal.discarded),
    unused: cards(deal.unused),
    faceUp: deal.faceUp === null ? null : cardOf(state, deal.faceUp),
    row: cards(deal.row.map((entry) => entry.card)),
    setAside: deal.setAside,
  };
}
