/**
 * `/cultists lobby settings`: the host changes a setting before the deal, the table is told, `/cultists
 * help` shows it; anyone else, or a value the setting cannot take, is refused privately and
 * changes nothing; undo takes it back.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isEphemeral, startSeededBot, type SeededBot } from "../support/seeded-bot.js";
import { answer, textOf } from "../support/cultists.js";

const TOKEN = "MTE5OTg4Nzc2NjU1NDQzMzIy.GxYz12.e2e-cultists-settings";
let t: SeededBot;

beforeAll(async () => {
  t = await startSeededBot(TOKEN);
}, 60_000);

afterAll(async () => {
  await t.stop();
});

const RED = "🔴 Red: ✴️×";

describe("/cultists lobby settings", () => {
  it("is the host's, before the deal, and shows in the help", async () => {
    const host = t.gmId;
    await answer(t, host, "open", { scenario: "Fungi from Yuggoth" });
    expect(textOf(await answer(t, host, "help"))).toContain(`${RED}1`);

    const changed = await answer(t, host, "lobby settings", {
      setting: "dice.red",
      value: "0/0/6",
    });
    expect(isEphemeral(changed)).toBe(false);
    expect(textOf(changed)).toContain("Red die faces");
    expect(textOf(await answer(t, t.playerId, "help"))).toContain(`${RED}0`);

    const notHost = await answer(t, t.playerId, "lobby settings", {
      setting: "poolSize",
      value: "4",
    });
    expect(isEphemeral(notHost)).toBe(true);
    const bad = await answer(t, host, "lobby settings", { setting: "dice.red", value: "7/7" });
    expect(isEphemeral(bad)).toBe(true);
    expect(textOf(bad)).toContain("Good/Weird/Bad");
    expect(textOf(await answer(t, host, "help"))).toContain(`${RED}0`);

    await answer(t, host, "undo");
    expect(textOf(await answer(t, host, "help"))).toContain(`${RED}1`);
  }, 60_000);
});
