import { describe, expect, it } from "vitest";
import {
  CUSTOM_ID_MAX_LENGTH,
  CustomIdError,
  customId,
  parseCustomId,
} from "../../../src/core/discord/custom-id.js";

describe("custom ids", () => {
  it("round-trip command, action and args", () => {
    const id = customId("bond", "damage", "ckx1", 3);
    expect(id).toBe("bond:damage:ckx1:3");
    expect(parseCustomId(id)).toEqual({ command: "bond", action: "damage", args: ["ckx1", "3"] });
    expect(parseCustomId(customId("roll", "again"))).toEqual({
      command: "roll",
      action: "again",
      args: [],
    });
  });

  it("refuse ids Discord would refuse: longer than 100 characters", () => {
    const fits = "x".repeat(CUSTOM_ID_MAX_LENGTH - "a:b:".length);
    expect(customId("a", "b", fits)).toHaveLength(CUSTOM_ID_MAX_LENGTH);
    expect(() => customId("a", "b", `${fits}y`)).toThrow(CustomIdError);
  });

  it("refuse parts that would shift the routing", () => {
    expect(() => customId("roll", "again", "1d6:extra")).toThrow(/must not contain ":"/);
    expect(() => customId("roll", "")).toThrow(CustomIdError);
    expect(() => customId("", "go")).toThrow(CustomIdError);
  });

  it("parse foreign ids as unknown rather than guessing", () => {
    expect(parseCustomId("legacy-button")).toBeUndefined();
    expect(parseCustomId(":go")).toBeUndefined();
    expect(parseCustomId("roll:")).toBeUndefined();
  });
});
