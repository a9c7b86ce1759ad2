import { describe, expect, it } from "vitest";

import { TENTACLE } from "./fixtures.js";
import { act, characterOf, dealt, factsOf, HOST, refusal, type Game } from "./support.js";
import { duelDealt, duelHands, soloRowCultistAt, tableDealt } from "./tables.js";

const mark = (g: Game, goal: string, part: 1 | 2) =>
  act(g, { by: HOST, type: "mark-goal", goal, part });

function killAll(g: Game, player: string): void {
  for (const c of Object.values(g.state.characters)) {
    if (c.owner === player && c.status === "in-play" && !c.dead) {
      act(g, { by: HOST, type: "wound", target: c.id, amount: c.sheet.wounds });
    }
  }
}

function duelCultist(g: Game): string {
  const [first] = duelHands(g);
  return first === null ? "p2" : "p1";
}

describe("scenario goals", () => {
  it("need part 1 before part 2, each once, letters in any order", () => {
    const g = dealt(3);
    expect(refusal(g, { by: "p1", type: "mark-goal", goal: "A", part: 1 })).toEqual({
      code: "host-only",
    });
    expect(refusal(g, { by: HOST, type: "mark-goal", goal: "C", part: 1 })).toEqual({
      code: "unknown-goal",
      goal: "C",
      goals: ["A", "B"],
    });
    expect(refusal(g, { by: HOST, type: "mark-goal", goal: "A", part: 2 })).toEqual({
      code: "goal-part-1-first",
      goal: "A",
    });
    mark(g, "B", 1);
    expect(refusal(g, { by: HOST, type: "mark-goal", goal: "B", part: 1 })).toEqual({
      code: "goal-already-marked",
      goal: "B",
      part: 1,
    });
    mark(g, "A", 1);
    mark(g, "B", 2);
    expect(refusal(g, { by: HOST, type: "mark-goal", goal: "B", part: 2 })).toEqual({
      code: "goal-already-marked",
      goal: "B",
      part: 2,
    });
    expect(g.state.phase).toBe("playing");
    const last = mark(g, "A", 2);
    expect(factsOf(last, "game-ended")[0]?.result.reason).toBe("academic-goals");
  });
});

describe("winning with 3–6 players", () => {
  it("the Academics win together on the scenario's goals, even the dead ones; every role is shown", () => {
    const g = tableDealt(4, "p4", 20);
    act(g, { by: HOST, type: "wound", target: characterOf(g, "p1"), amount: 5 });
    mark(g, "A", 1);
    mark(g, "A", 2);
    mark(g, "B", 1);
    const end = mark(g, "B", 2);
    const ended = factsOf(end, "game-ended")[0];
    expect(ended?.result).toEqual({ winners: ["p1", "p2", "p3"], reason: "academic-goals" });
    expect(ended?.visibility).toEqual({ to: "table" });
    expect(Object.keys(ended?.disclosure.hands ?? {})).toEqual(["p1", "p2", "p3", "p4"]);
    expect(ended?.disclosure.hands.p4).toMatchObject({ kind: "cultist", number: 20 });
    expect(
      ended?.disclosure.unused.flatMap((c) => (c.kind === "cultist" ? [c.number] : [])),
    ).toEqual([15, 25]);
    expect(refusal(g, { by: HOST, type: "advance-stars", amount: 1 })).toMatchObject({
      code: "wrong-phase",
      phase: "ended",
    });
  });

  it("the Cultist wins when every other character is dead, not while one lives", () => {
    const g = tableDealt(3, "p2", 15);
    killAll(g, "p1");
    expect(g.state.phase).toBe("playing");
    const end = act(g, { by: HOST, type: "wound", target: characterOf(g, "p3"), amount: 5 });
    expect(factsOf(end, "game-ended")[0]?.result).toEqual({
      winners: ["p2"],
      reason: "others-dead",
    });
  });

  it("the Cultist wins even if dead too", () => {
    const g = tableDealt(3, "p1", 15);
    killAll(g, "p1");
    killAll(g, "p2");
    expect(g.state.phase).toBe("playing");
    killAll(g, "p3");
    expect(g.state.result).toEqual({ winners: ["p1"], reason: "others-dead" });
  });

  it("ends when the host says so, showing every role", () => {
    const g = dealt(3);
    expect(refusal(g, { by: "p1", type: "end-game" })).toEqual({ code: "host-only" });
    const end = act(g, { by: HOST, type: "end-game" });
    expect(factsOf(end, "game-ended")[0]?.result).toEqual({ winners: [], reason: "host-ended" });
  });
});

describe("winning with two players", () => {
  it("an Academic wins on one scenario goal", () => {
    const g = duelDealt("one-each");
    const academic = duelCultist(g) === "p1" ? "p2" : "p1";
    mark(g, "B", 1);
    const end = mark(g, "B", 2);
    expect(factsOf(end, "game-ended")[0]?.result).toEqual({
      winners: [academic],
      reason: "academic-goals",
    });
  });

  it("the Cultist wins when both of the other player's characters are dead", () => {
    const g = duelDealt("one-each");
    const cultist = duelCultist(g);
    killAll(g, cultist === "p1" ? "p2" : "p1");
    expect(g.state.result).toEqual({ winners: [cultist], reason: "others-dead" });
  });

  it("an Academic wins once the revealed Cultist is dead and no monster is left", () => {
    const g = duelDealt("one-each", 15);
    const cultist = duelCultist(g);
    const academic = cultist === "p1" ? "p2" : "p1";
    act(g, { by: HOST, type: "advance-stars", amount: 15 });
    const [keep, lose] = [characterOf(g, cultist, 0), characterOf(g, cultist, 1)];
    act(g, { by: cultist, type: "reveal", cultist: keep, sacrifice: lose });
    act(g, { by: HOST, type: "spawn-monster", stats: { ...TENTACLE, defense: 0 } });
    act(g, { by: HOST, type: "wound", target: keep, amount: 5 });
    expect(g.state.phase).toBe("playing");
    const monster = Object.keys(g.state.monsters)[0] as string;
    const end = act(g, { by: HOST, type: "wound", target: monster, amount: 1 });
    expect(factsOf(end, "game-ended")[0]?.result).toEqual({
      winners: [academic],
      reason: "cultist-defeated",
    });
  });

  it("two Academics win together on one goal, and lose together if all four characters die", () => {
    const won = duelDealt("both-academics");
    mark(won, "A", 1);
    expect(won.state.result).toBeNull();
    mark(won, "A", 2);
    expect(won.state.result).toEqual({ winners: ["p1", "p2"], reason: "academic-goals" });

    const lost = duelDealt("both-academics");
    killAll(lost, "p1");
    expect(lost.state.phase).toBe("playing");
    killAll(lost, "p2");
    expect(lost.state.result).toEqual({ winners: [], reason: "all-characters-dead" });
  });

  it("two Cultists: the one whose rival's characters are all dead wins; goals win nothing", () => {
    const g = duelDealt("both-cultists");
    mark(g, "A", 1);
    mark(g, "A", 2);
    expect(g.state.phase).toBe("playing");
    killAll(g, "p1");
    expect(g.state.result).toEqual({ winners: ["p2"], reason: "others-dead" });
  });
});

describe("winning alone", () => {
  it("the player wins on the goals and loses when all three characters are dead", () => {
    const won = dealt(1);
    for (const goal of ["A", "B"]) {
      mark(won, goal, 1);
      mark(won, goal, 2);
    }
    expect(won.state.result).toEqual({ winners: ["p1"], reason: "academic-goals" });

    const lost = soloRowCultistAt(0);
    act(lost, { by: HOST, type: "advance-stars", amount: 15 });
    const setAside = lost.state.deal?.setAside as string;
    expect(lost.state.characters[setAside]?.status).toBe("in-play");
    killAll(lost, "p1");
    expect(lost.state.result).toEqual({ winners: [], reason: "all-characters-dead" });
  });
});
