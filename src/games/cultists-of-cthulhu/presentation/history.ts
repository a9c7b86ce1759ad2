import { ButtonStyle } from "discord.js";
import { visibleFacts, type Fact, type GameView } from "../rules/index.js";
import type { RenderContext } from "./context.js";
import { historyId } from "./custom-ids.js";
import { factText } from "./fact-text.js";
import { DISCORD_LIMITS, joinLines } from "./limits.js";
import { button, buttonRows, EMBED_COLOUR, message, type GameMessage } from "./messages.js";
import { namesFor } from "./names.js";
import { userName } from "./text.js";

/**
 * The game's history as one short line a fact, only the facts the viewer may see (the table's
 * view sees the public ones; a player's also their own private ones; after the end, all).
 */

export const HISTORY_PAGE_SIZE = 20;

export function historyLines(view: GameView, facts: readonly Fact[], ctx: RenderContext): string[] {
  const seen = visibleFacts(facts, view.viewer, view.phase === "ended");
  const names = namesFor(view, ctx.players, facts);
  return seen.map((fact) => factText(fact, names));
}

/** One page of the history, newest last; `page` 0 is the oldest, and the newest by default. */
export function historyMessage(
  view: GameView,
  facts: readonly Fact[],
  ctx: RenderContext,
  page?: number,
): GameMessage {
  const lines = historyLines(view, facts, ctx);
  const pages = Math.max(1, Math.ceil(lines.length / HISTORY_PAGE_SIZE));
  const shown = Math.min(Math.max(0, page ?? pages - 1), pages - 1);
  const slice = lines.slice(shown * HISTORY_PAGE_SIZE, (shown + 1) * HISTORY_PAGE_SIZE);
  const buttons =
    pages > 1
      ? [
          button(historyId(ctx.scope, Math.max(0, shown - 1)), "Older", ButtonStyle.Secondary, {
            emoji: "◀️",
            disabled: shown === 0,
          }),
          button(
            historyId(ctx.scope, Math.min(pages - 1, shown + 1)),
            "Newer",
            ButtonStyle.Secondary,
            {
              emoji: "▶️",
              disabled: shown === pages - 1,
            },
          ),
        ]
      : [];
  const own = view.viewer.kind === "player";
  return message(
    {
      embeds: [
        {
          color: own ? EMBED_COLOUR.private : EMBED_COLOUR.table,
          title: `📜 ${userName(view.scenario)} — history`,
          description: joinLines(
            slice.length > 0 ? slice : ["Nothing has happened yet."],
            DISCORD_LIMITS.embedDescription,
          ),
          footer: {
            text: `Page ${shown + 1} of ${pages}${own ? " · with what only you may see" : ""}`,
          },
        },
      ],
      components: buttonRows(buttons),
    },
    own,
  );
}
