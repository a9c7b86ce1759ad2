import type { Fact, Settings } from "../rules/index.js";
import type { ComponentScope } from "./custom-ids.js";
import type { PlayerNames } from "./names.js";

/** What every renderer needs besides the view: where presses go, who is who, the table's numbers. */
export interface RenderContext {
  scope: ComponentScope;
  /** Display names of the players, raw (escaped by the renderers). */
  players: PlayerNames;
  settings: Settings;
  /** The game's facts so far, to name what has left the board; filtered by what the view may see. */
  facts?: readonly Fact[];
}
