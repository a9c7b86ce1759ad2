import { describe, expect, it } from "vitest";
import { COMMAND_NAME } from "../../../../commands/cultists-of-cthulhu/definition.js";
import {
  COMPONENT_ACTIONS,
  componentId,
  DISCORD_LIMITS,
  EXTRA_DICE_MAX,
  GAME_ID_MAX,
  historyId,
  readComponentId,
  readDiceValues,
  readTakeValue,
  rerollId,
  settleId,
  revealId,
  takeValue,
  type ComponentScope,
} from "../../../../src/games/cultists-of-cthulhu/presentation/index.js";

const scope: ComponentScope = { command: "cultists", gameId: "g42", version: 17 };
/**
 * The longest everything can be: the game's command, a UUID game id, a 10-digit version (and,
 * below, a roll counted to Number.MAX_SAFE_INTEGER).
 */
const worst: ComponentScope = {
  command: COMMAND_NAME,
  gameId: "0f8fad5b-d9cb-469f-a165-70867728950e",
  version: 4_294_967_295,
};

describe("the game's custom ids", () => {
  it("carry the command, the action, the game and the state version", () => {
    expect(componentId(scope, "join")).toBe("cultists:join:g42:17");
    expect(readComponentId("cultists:join:g42:17", "cultists")).toEqual({
      action: "join",
      gameId: "g42",
      version: 17,
    });
  });

  it("read back every press they make", () => {
    for (const action of COMPONENT_ACTIONS) {
      if (["reveal", "reroll", "keep", "take", "dice", "history"].includes(action)) continue;
      expect(readComponentId(componentId(scope, action), "cultists")).toEqual({
        action,
        gameId: "g42",
        version: 17,
      });
    }
    expect(readComponentId(rerollId(scope, "weird", [0, 3, 12], 40), "cultists")).toEqual({
      action: "reroll",
      gameId: "g42",
      version: 17,
      result: "weird",
      dice: [0, 3, 12],
      roll: 40,
    });
    expect(readComponentId(rerollId(scope, null, [4], 1), "cultists")).toMatchObject({
      result: null,
      dice: [4],
      roll: 1,
    });
    for (const action of ["keep", "take", "dice"] as const) {
      expect(readComponentId(settleId(scope, action, 1234), "cultists")).toEqual({
        action,
        gameId: "g42",
        version: 17,
        roll: 1234,
      });
      // A message made before rolls were counted names none: its presses are refused as stale.
      expect(readComponentId(componentId(scope, action), "cultists")).toMatchObject({
        roll: null,
      });
    }
    expect(readComponentId(rerollId(scope, "bad", [], undefined), "cultists")).toMatchObject({
      roll: null,
    });
    expect(readComponentId(`${settleId(scope, "keep", 3)}!`, "cultists")).toBeUndefined();
    expect(
      readComponentId(revealId(scope, { cultist: 1, sacrifice: 0 }), "cultists"),
    ).toMatchObject({
      action: "reveal",
      choice: { cultist: 1, sacrifice: 0 },
    });
    expect(readComponentId(revealId(scope, null), "cultists")).toMatchObject({ choice: null });
    expect(readComponentId(historyId(scope, 3), "cultists")).toMatchObject({
      action: "history",
      page: 3,
    });
  });

  it("fit Discord's 100 characters at their longest", () => {
    expect(worst.gameId.length).toBe(GAME_ID_MAX);
    const dice = Array.from({ length: EXTRA_DICE_MAX }, (_, i) => i + 14);
    const longest = [
      rerollId(worst, "weird", dice, Number.MAX_SAFE_INTEGER),
      settleId(worst, "take", Number.MAX_SAFE_INTEGER),
      revealId(worst, { cultist: 24, sacrifice: 23 }),
      historyId(worst, 99_999),
      componentId(worst, "madness"),
    ];
    for (const id of longest) expect(id.length).toBeLessThanOrEqual(DISCORD_LIMITS.customId);
  });

  it("ignore ids of other commands and ids that were tampered with", () => {
    for (const raw of [
      "sanity:join:g42:17",
      "cultists:dance:g42:17",
      "cultists:join::17",
      "cultists:join:g42:seven",
      "cultists:join:g42:-1",
      "cultists:reroll:g42:17:x:",
      "cultists:reroll:g42:17:w:0!",
      "cultists:history:g42:17:last",
      "cultists:reveal:g42:17:c3:c4",
      "cultists",
    ]) {
      expect(readComponentId(raw, "cultists"), raw).toBeUndefined();
    }
  });
});

describe("menu values", () => {
  it("say what the thief takes", () => {
    for (const take of [
      { kind: "item", item: "i7" },
      { kind: "elder-sign" },
      { kind: "nothing" },
    ] as const) {
      expect(readTakeValue(takeValue(take))).toEqual(take);
    }
    expect(readTakeValue("everything")).toBeUndefined();
  });

  it("say which dice join the reroll", () => {
    expect(readDiceValues(["0", "4"])).toEqual([0, 4]);
    expect(readDiceValues(["one"])).toBeUndefined();
    expect(readDiceValues(["-1"])).toBeUndefined();
  });
});
