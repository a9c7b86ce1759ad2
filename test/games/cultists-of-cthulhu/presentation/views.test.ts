import { describe, expect, it } from "vitest";
import {
  playerViewer,
  TABLE_VIEWER,
  viewFor,
} from "../../../../src/games/cultists-of-cthulhu/rules/index.js";
import {
  actionMessage,
  asPlayerView,
  asTableView,
  roleMessage,
  statusMessage,
} from "../../../../src/games/cultists-of-cthulhu/presentation/index.js";
import { dealt } from "../rules/support.js";
import { ctxFor, playerView, tableView } from "./support.js";

/**
 * The renderers read games through views only: the types refuse the raw state, a public message
 * refuses a player's view (it holds their secrets), and a private one the table's. The
 * `@ts-expect-error` lines are checked by `npm run typecheck`: they fail it if the call compiles.
 */
describe("renderers take views, never the state", () => {
  const g = dealt(3);
  const ctx = ctxFor(g);

  it("refuses the raw state and the wrong viewer's view, by type", () => {
    const unsafe = [
      // @ts-expect-error the raw state is not a view
      () => statusMessage(g.state, ctx),
      // @ts-expect-error a player's view may hold their role: never on the public status
      () => statusMessage(playerView(g, "p1"), ctx),
      // @ts-expect-error an unchecked view might be anyone's
      () => statusMessage(viewFor(g.state, TABLE_VIEWER, g.settings), ctx),
      // @ts-expect-error the table's view is not a player's
      () => roleMessage(tableView(g), ctx),
      // @ts-expect-error the raw state is not a view
      () => actionMessage(g.state, g.log, 1, ctx),
    ];
    expect(unsafe).toHaveLength(5);
  });

  it("checks the viewer when a view is narrowed", () => {
    const player = viewFor(g.state, playerViewer("p1"), g.settings);
    const table = viewFor(g.state, TABLE_VIEWER, g.settings);
    expect(() => asTableView(player)).toThrow("table's view");
    expect(() => asPlayerView(table)).toThrow("that player's view");
    expect(asTableView(table)).toBe(table);
  });
});
