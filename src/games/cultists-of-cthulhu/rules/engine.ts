import type { Action, ActionOf, ActionType } from "./actions.js";
import { emit, type Ctx } from "./context.js";
import { deal } from "./deal.js";
import { changeSetting } from "./setting-change.js";
import { dropElderSign, findElderSign, giveElderSign, pickUpElderSign } from "./elder-sign.js";
import type { Fact } from "./facts.js";
import { hostEndsGame, markGoal, settle } from "./goals.js";
import {
  changeAbility,
  encounter,
  healWound,
  horror,
  lessHorror,
  removeMonster,
  setWoundToken,
  spawnMonster,
  wound,
} from "./harm.js";
import { addItem, discardItem, dropItem, giveItem, pickUp } from "./items.js";
import {
  addAcademicCard,
  addCultistCard,
  addSetAsideCandidate,
  enterCharacter,
  join,
  leave,
  removeCard,
  removeCharacter,
  start,
} from "./lobby.js";
import { Refused, refuse, type Refusal } from "./refusals.js";
import { reveal, revealMadness } from "./reveal.js";
import type { Rng } from "./rng.js";
import { attack, check, chooseReroll, ranged } from "./rolls.js";
import { steal, stealTake } from "./steal.js";
import type { Settings } from "./settings.js";
import { advanceStarsAction, playStarCard } from "./stars.js";
import { newGame, type GameState, type Phase } from "./state.js";
import { endTurn, endUniversityTurn } from "./turns.js";

/**
 * The one entry point: `apply(state, action, { rng, settings })` returns the next state and the
 * facts it produced, or a refusal that changed nothing. Pure: the state passed in is never
 * modified, and nothing but the injected Rng supplies chance.
 */

export interface EngineContext {
  rng: Rng;
  settings: Settings;
}

export type Applied =
  { ok: true; state: GameState; facts: Fact[] } | { ok: false; refusal: Refusal };

type Handler<T extends ActionType> = (ctx: Ctx, action: Extract<Action, { type: T }>) => void;

interface Rule<T extends ActionType> {
  phases: Phase[];
  /** Refused while a roll waits for its reroll or keep. */
  waitsForRoll?: boolean;
  handle: Handler<T>;
}

const SETUP: Phase[] = ["lobby", "setup"];
const PLAYING: Phase[] = ["playing"];

const RULES: { [T in ActionType]: Rule<T> } = {
  "open-game": { phases: [], handle: () => refuse({ code: "game-already-open" }) },
  join: { phases: ["lobby"], handle: join },
  leave: { phases: ["lobby"], handle: leave },
  start: { phases: ["lobby"], handle: start },
  "enter-character": { phases: SETUP, handle: enterCharacter },
  "remove-character": { phases: SETUP, handle: removeCharacter },
  "add-set-aside-candidate": { phases: ["setup"], handle: addSetAsideCandidate },
  "add-cultist-card": { phases: SETUP, handle: addCultistCard },
  "add-academic-card": { phases: SETUP, handle: addAcademicCard },
  "remove-card": { phases: SETUP, handle: removeCard },
  deal: { phases: ["setup"], handle: deal },
  "change-setting": { phases: SETUP, handle: changeSetting },
  "end-turn": { phases: PLAYING, waitsForRoll: true, handle: endTurn },
  "play-star-card": { phases: PLAYING, waitsForRoll: true, handle: playStarCard },
  "end-university-turn": { phases: PLAYING, waitsForRoll: true, handle: endUniversityTurn },
  "advance-stars": { phases: PLAYING, handle: advanceStarsAction },
  check: { phases: PLAYING, waitsForRoll: true, handle: check },
  reroll: { phases: PLAYING, handle: chooseReroll },
  keep: { phases: PLAYING, handle: chooseReroll },
  attack: { phases: PLAYING, waitsForRoll: true, handle: attack },
  ranged: { phases: PLAYING, waitsForRoll: true, handle: ranged },
  steal: { phases: PLAYING, waitsForRoll: true, handle: steal },
  "steal-take": { phases: PLAYING, handle: stealTake },
  horror: { phases: PLAYING, handle: horror },
  "reduce-horror": { phases: PLAYING, handle: lessHorror },
  wound: { phases: PLAYING, handle: wound },
  "set-wound-token": { phases: PLAYING, handle: setWoundToken },
  "heal-wound": { phases: PLAYING, handle: healWound },
  "add-ability-die": { phases: PLAYING, handle: changeAbility },
  "remove-ability-die": { phases: PLAYING, handle: changeAbility },
  "spawn-monster": { phases: PLAYING, handle: spawnMonster },
  "remove-monster": { phases: PLAYING, handle: removeMonster },
  encounter: { phases: PLAYING, handle: encounter },
  "add-item": { phases: PLAYING, handle: addItem },
  "drop-item": { phases: PLAYING, handle: dropItem },
  "pick-up": { phases: PLAYING, handle: pickUp },
  "give-item": { phases: PLAYING, handle: giveItem },
  "discard-item": { phases: PLAYING, handle: discardItem },
  "find-elder-sign": { phases: PLAYING, handle: findElderSign },
  "give-elder-sign": { phases: PLAYING, handle: giveElderSign },
  "drop-elder-sign": { phases: PLAYING, handle: dropElderSign },
  "pick-up-elder-sign": { phases: PLAYING, handle: pickUpElderSign },
  reveal: { phases: PLAYING, handle: reveal },
  "reveal-madness": { phases: PLAYING, handle: revealMadness },
  "mark-goal": { phases: PLAYING, handle: markGoal },
  "end-game": { phases: ["lobby", "setup", "playing"], handle: hostEndsGame },
};

/** Actions a two-player forced reveal does not hold up. */
const DURING_FORCED_REVEAL: ReadonlySet<ActionType> = new Set(["reveal", "end-game"]);

export function apply(state: GameState | null, action: Action, context: EngineContext): Applied {
  const ctx: Ctx = {
    state: state === null ? newGame(action.by, "", []) : structuredClone(state),
    settings: context.settings,
    rng: context.rng,
    facts: [],
    by: action.by,
  };
  try {
    if (state === null) {
      if (action.type !== "open-game") refuse({ code: "no-game" });
      openGame(ctx, action);
    } else {
      run(ctx, action);
      settle(ctx);
    }
  } catch (error) {
    if (error instanceof Refused) return { ok: false, refusal: error.refusal };
    throw error;
  }
  return { ok: true, state: ctx.state, facts: ctx.facts };
}

function run(ctx: Ctx, action: Action): void {
  const rule = RULES[action.type] as Rule<ActionType>;
  const { state } = ctx;
  if (!rule.phases.includes(state.phase)) {
    if (action.type === "open-game") refuse({ code: "game-already-open" });
    refuse({ code: "wrong-phase", phase: state.phase, needed: rule.phases });
  }
  if (state.forcedReveals.length > 0 && !DURING_FORCED_REVEAL.has(action.type)) {
    refuse({ code: "awaiting-reveal" });
  }
  if (rule.waitsForRoll && state.pending !== null) refuse({ code: "roll-pending" });
  rule.handle(ctx, action);
}

function openGame(ctx: Ctx, action: ActionOf<"open-game">): void {
  const scenario = typeof action.scenario === "string" ? action.scenario.trim() : "";
  if (scenario === "") refuse({ code: "invalid-name" });
  const letters = [...new Set((action.goals ?? ctx.settings.goals).map((g) => g.trim()))];
  if (letters.length === 0 || letters.some((g) => g === "")) {
    refuse({ code: "invalid-choice", field: "goals", allowed: ctx.settings.goals });
  }
  ctx.state = newGame(action.by, scenario, letters);
  emit(ctx, { type: "game-opened", host: action.by, scenario, goals: letters });
}
