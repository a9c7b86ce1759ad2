import type { Fact, GameView, PlayerId, Refusal } from "../rules/index.js";
import { EMBED_COLOUR, message, type GameMessage } from "./messages.js";
import { namesFor, type PlayerNames } from "./names.js";
import { refusalText } from "./refusal-text.js";

/**
 * A refusal as the private answer to whoever asked: what was wrong and what to do. Names come
 * from the asker's view (or the table's), so a refusal names nothing they may not know; with no
 * game yet there is no view.
 */
export function refusalMessage(
  refusal: Refusal,
  asker: PlayerId,
  view: GameView | null,
  players: PlayerNames,
  facts: readonly Fact[] = [],
): GameMessage {
  const names = namesFor(view, players, facts);
  const text = refusalText(refusal, { names, asker, host: view?.host ?? asker });
  return message({ embeds: [{ color: EMBED_COLOUR.refusal, description: `⛔ ${text}` }] }, true);
}
