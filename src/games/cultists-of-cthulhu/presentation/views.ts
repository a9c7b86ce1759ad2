import type { GameView, PlayerId } from "../rules/index.js";

/**
 * The renderers read games only through views: what `viewFor` lets one viewer know. A public
 * message takes the table's view, a private one a player's; the raw state fits neither type.
 */

export type TableView = GameView & { viewer: { kind: "table" } };
export type PlayerView = GameView & { viewer: { kind: "player"; player: PlayerId } };

/** The view as the whole table's; throws for a player's view (it would show their secrets). */
export function asTableView(view: GameView): TableView {
  if (view.viewer.kind !== "table") {
    throw new Error("a public message must be rendered from the table's view");
  }
  return view as TableView;
}

export function asPlayerView(view: GameView): PlayerView {
  if (view.viewer.kind !== "player") {
    throw new Error("a private message must be rendered from that player's view");
  }
  return view as PlayerView;
}
