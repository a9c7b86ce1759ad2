import type { ActionOf } from "./actions.js";
import { charactersOf, emit, requireHost, type Ctx } from "./context.js";
import { disclose } from "./deal.js";
import { refuse } from "./refusals.js";
import { handCard } from "./reveal.js";
import type { Settings } from "./settings.js";
import type { GameResult, GameState } from "./state.js";
import { activateFaceUpCultist } from "./stars.js";
import type { PlayerId } from "./types.js";
import { isOneOf } from "./validate.js";

/**
 * Scenario goals (seed part 4: a part 1 before its part 2, letters in any order) and who has won
 * (parts 1, 5, 6). `settle` runs after every action that changed the state.
 */

export function markGoal(ctx: Ctx, action: ActionOf<"mark-goal">): void {
  requireHost(ctx);
  const { goals } = ctx.state;
  const done = goals[action.goal];
  if (done === undefined)
    refuse({ code: "unknown-goal", goal: action.goal, goals: Object.keys(goals) });
  if (!isOneOf(action.part, [1, 2] as const)) {
    refuse({ code: "invalid-choice", field: "part", allowed: ["1", "2"] });
  }
  if (done >= action.part)
    refuse({ code: "goal-already-marked", goal: action.goal, part: action.part });
  if (action.part === 2 && done === 0) refuse({ code: "goal-part-1-first", goal: action.goal });
  goals[action.goal] = action.part;
  emit(ctx, { type: "goal-marked", goal: action.goal, part: action.part });
}

/** Letters with both parts done. */
export function goalsCompleted(state: GameState): number {
  return Object.values(state.goals).filter((done) => done === 2).length;
}

function goalsWon(state: GameState, settings: Settings): boolean {
  const needed = state.mode === "duel" ? settings.duelGoalsToWin : Object.keys(state.goals).length;
  return goalsCompleted(state) >= Math.min(needed, Object.keys(state.goals).length);
}

function allDead(state: GameState, players: PlayerId[]): boolean {
  const characters = players.flatMap((player) => charactersOf(state, player));
  return characters.length > 0 && characters.every((c) => c.dead);
}

function livingMonsters(state: GameState): boolean {
  return Object.values(state.monsters).some((monster) => !monster.dead);
}

/** Who has won now, if anyone. */
export function outcome(state: GameState, settings: Settings): GameResult | null {
  if (state.phase !== "playing" || !state.deal) return null;
  const cultists = state.seats.filter((p) => handCard(state, p)?.kind === "cultist");
  const academics = state.seats.filter((p) => handCard(state, p)?.kind === "academic");
  if (state.mode === "solo") {
    if (goalsWon(state, settings)) return { winners: [...state.seats], reason: "academic-goals" };
    if (allDead(state, state.seats)) return { winners: [], reason: "all-characters-dead" };
    return null;
  }
  // A Cultist wins when every character but their own is dead, even if they are dead too.
  const cultistWinners = cultists.filter((cultist) =>
    allDead(
      state,
      state.seats.filter((p) => p !== cultist),
    ),
  );
  if (cultistWinners.length > 0) return { winners: cultistWinners, reason: "others-dead" };
  if (academics.length > 0 && goalsWon(state, settings)) {
    return { winners: academics, reason: "academic-goals" };
  }
  if (state.mode === "duel") {
    const defeated =
      state.reveals.length > 0 &&
      state.reveals.every(
        (r) => r.character === null || state.characters[r.character]?.dead === true,
      ) &&
      !livingMonsters(state);
    if (academics.length > 0 && defeated) return { winners: academics, reason: "cultist-defeated" };
    if (allDead(state, state.seats)) return { winners: [], reason: "all-characters-dead" };
  }
  return null;
}

export function endGame(ctx: Ctx, result: GameResult): void {
  const { state } = ctx;
  state.phase = "ended";
  state.result = result;
  state.pending = null;
  state.forcedReveals = [];
  state.turn = null;
  emit(ctx, { type: "game-ended", result, disclosure: disclose(state) });
}

export function hostEndsGame(ctx: Ctx): void {
  requireHost(ctx);
  endGame(ctx, { winners: [], reason: "host-ended" });
}

/** After any change: a win ends the game; otherwise the two-player face-up Cultist may act. */
export function settle(ctx: Ctx): void {
  const result = outcome(ctx.state, ctx.settings);
  if (result) {
    endGame(ctx, result);
    return;
  }
  if (ctx.state.phase === "playing") activateFaceUpCultist(ctx);
}
