import { visibleFacts, type Fact } from "../rules/index.js";
import { consequenceLines } from "./consequences.js";
import type { RenderContext } from "./context.js";
import { gameEndMessage } from "./game-end.js";
import { DISCORD_LIMITS, joinLines } from "./limits.js";
import { EMBED_COLOUR, message, type GameMessage } from "./messages.js";
import { namesFor } from "./names.js";
import { rollMessage, type RollOptions } from "./roll-message.js";
import { isRollFact, rollStart } from "./roll-sequence.js";
import type { TableView } from "./views.js";

/**
 * The table's message for what one action did. `log`: the game's facts so far, the action's own
 * last; `fresh`: how many of them the action produced. A roll is shown from its start (an Attack
 * resolved by a keep shows both sides); the end of the game shows every role; anything else is
 * one line a fact. Null when the table may see none of it (a private fact only).
 */
export function actionMessage(
  view: TableView,
  log: readonly Fact[],
  fresh: number,
  ctx: RenderContext,
  options: RollOptions = {},
): GameMessage | null {
  const from = Math.max(0, log.length - fresh);
  const ended = view.phase === "ended";
  const mine = visibleFacts(log.slice(from), view.viewer, ended);
  if (mine.length === 0) return null;
  const firstRoll = log.findIndex((fact, i) => i >= from && isRollFact(fact));
  const withContext = { ...ctx, facts: ctx.facts ?? log };
  if (firstRoll >= 0) {
    return rollMessage(view, log.slice(rollStart(log, firstRoll)), withContext, options);
  }
  if (mine.some((fact) => fact.type === "game-ended")) return gameEndMessage(view, withContext);
  const names = namesFor(view, ctx.players, withContext.facts);
  const dangerous = mine.some((f) => f.type === "character-died" || f.type === "monster-died");
  const golden = mine.some((f) => f.type === "elder-sign-completed" || f.type === "goal-marked");
  return message({
    embeds: [
      {
        color: dangerous ? EMBED_COLOUR.danger : golden ? EMBED_COLOUR.good : EMBED_COLOUR.table,
        description: joinLines(
          consequenceLines(mine, names, view),
          DISCORD_LIMITS.embedDescription,
        ),
      },
    ],
  });
}
