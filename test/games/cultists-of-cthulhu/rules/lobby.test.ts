import { describe, expect, it } from "vitest";

import { apply, DEFAULT_SETTINGS } from "../../../../src/games/cultists-of-cthulhu/rules/index.js";
import { seededRng } from "../../../../src/core/rng.js";
import { act, factsOf, game, HOST, readyToDeal, refusal, sheet, type Game } from "./support.js";

function lobby(players: number): Game {
  const g = game();
  act(g, { by: HOST, type: "open-game", scenario: "  Cult of Cthulhu " });
  for (let i = 1; i <= players; i++) act(g, { by: `p${i}`, type: "join" });
  return g;
}

describe("opening a game", () => {
  it("takes any scenario name and the seed's goal letters by default", () => {
    const g = game();
    const facts = act(g, { by: HOST, type: "open-game", scenario: "  Cult of Cthulhu " });
    expect(facts).toEqual([
      {
        type: "game-opened",
        host: HOST,
        scenario: "Cult of Cthulhu",
        goals: ["A", "B"],
        visibility: { to: "table" },
      },
    ]);
    expect(g.state.goals).toEqual({ A: 0, B: 0 });
    const custom = game();
    act(custom, { by: HOST, type: "open-game", scenario: "Our Own", goals: ["A", "B", "C"] });
    expect(custom.state.goals).toEqual({ A: 0, B: 0, C: 0 });
  });

  it("offers the four base scenarios as data", () => {
    expect(DEFAULT_SETTINGS.scenarios).toEqual([
      "Fungi from Yuggoth",
      "Cult of Cthulhu",
      "Esoteric Order of Dagon",
      "Coming of Nyarlathotep",
    ]);
  });

  it("refuses an empty name, a second opening, and anything before opening", () => {
    const ctx = { rng: seededRng(1), settings: DEFAULT_SETTINGS };
    expect(apply(null, { by: HOST, type: "open-game", scenario: "  " }, ctx)).toEqual({
      ok: false,
      refusal: { code: "invalid-name" },
    });
    expect(apply(null, { by: HOST, type: "join" }, ctx)).toEqual({
      ok: false,
      refusal: { code: "no-game" },
    });
    const g = lobby(0);
    expect(refusal(g, { by: HOST, type: "open-game", scenario: "Again" })).toEqual({
      code: "game-already-open",
    });
  });
});

describe("the lobby", () => {
  it("lets players join once and leave, taking their characters with them", () => {
    const g = lobby(2);
    expect(refusal(g, { by: "p1", type: "join" })).toEqual({
      code: "already-joined",
      player: "p1",
    });
    act(g, { by: "p2", type: "enter-character", sheet: sheet("Nelson Blake") });
    act(g, { by: "p2", type: "leave" });
    expect(g.state.seats).toEqual(["p1"]);
    expect(g.state.characters).toEqual({});
    expect(refusal(g, { by: "p2", type: "leave" })).toEqual({ code: "not-a-player", player: "p2" });
  });

  it("holds six players at most", () => {
    const g = lobby(6);
    expect(refusal(g, { by: "p7", type: "join" })).toEqual({ code: "lobby-full", max: 6 });
  });

  it("is started by the host with 1 to 6 players, and then closed", () => {
    const empty = lobby(0);
    expect(refusal(empty, { by: HOST, type: "start" })).toEqual({
      code: "player-count",
      players: 0,
      min: 1,
      max: 6,
    });
    const g = lobby(3);
    expect(refusal(g, { by: "p1", type: "start" })).toEqual({ code: "host-only" });
    expect(factsOf(act(g, { by: HOST, type: "start" }), "game-started")[0]).toMatchObject({
      mode: "table",
    });
    expect(refusal(g, { by: "p4", type: "join" })).toEqual({
      code: "wrong-phase",
      phase: "setup",
      needed: ["lobby"],
    });
    expect(refusal(g, { by: "p1", type: "leave" })).toMatchObject({ code: "wrong-phase" });
    for (const [players, mode] of [
      [1, "solo"],
      [2, "duel"],
      [6, "table"],
    ] as const) {
      const other = lobby(players);
      act(other, { by: HOST, type: "start" });
      expect(other.state.mode).toBe(mode);
    }
  });

  it("takes the host's seating, which must name exactly the players", () => {
    const g = lobby(3);
    expect(refusal(g, { by: HOST, type: "start", seating: ["p1", "p2"] })).toEqual({
      code: "seating-mismatch",
    });
    expect(refusal(g, { by: HOST, type: "start", seating: ["p1", "p2", "p2"] })).toEqual({
      code: "seating-mismatch",
    });
    act(g, { by: HOST, type: "start", seating: ["p3", "p1", "p2"] });
    expect(g.state.seats).toEqual(["p3", "p1", "p2"]);
  });
});

describe("characters", () => {
  it("are entered from their sheet, by the player or by the host for them", () => {
    const g = lobby(2);
    const facts = act(g, { by: "p1", type: "enter-character", sheet: sheet("  Virginia Anson ") });
    expect(factsOf(facts, "character-entered")[0]).toMatchObject({
      player: "p1",
      sheet: { name: "Virginia Anson" },
    });
    act(g, { by: HOST, type: "enter-character", player: "p2", sheet: sheet("Nelson Blake") });
    expect(
      refusal(g, { by: "p1", type: "enter-character", player: "p2", sheet: sheet("X") }),
    ).toEqual({ code: "host-only" });
    expect(refusal(g, { by: "p9", type: "enter-character", sheet: sheet("X") })).toEqual({
      code: "not-a-player",
      player: "p9",
    });
  });

  it("refuse a sheet the rules cannot use, naming the field", () => {
    const g = lobby(1);
    const bad = (overrides: Parameters<typeof sheet>[1]) =>
      refusal(g, { by: "p1", type: "enter-character", sheet: sheet("Someone", overrides) });
    expect(bad({ name: " " })).toEqual({ code: "invalid-sheet", field: "name" });
    expect(bad({ wounds: 0 })).toEqual({ code: "invalid-sheet", field: "wounds" });
    expect(bad({ speed: -1 })).toEqual({ code: "invalid-sheet", field: "speed" });
    expect(bad({ defense: 1.5 })).toEqual({ code: "invalid-sheet", field: "defense" });
    expect(bad({ horror: { stage2: 0, stage3: 5, end: 8 } })).toEqual({
      code: "invalid-sheet",
      field: "horror.stage2",
    });
    expect(bad({ horror: { stage2: 5, stage3: 5, end: 8 } })).toEqual({
      code: "invalid-sheet",
      field: "horror.stage3",
    });
    expect(bad({ horror: { stage2: 3, stage3: 5, end: 4 } })).toEqual({
      code: "invalid-sheet",
      field: "horror.end",
    });
    const abilities = sheet("x").abilities;
    expect(bad({ abilities: { ...abilities, brawn: [] } })).toEqual({
      code: "invalid-sheet",
      field: "abilities.brawn",
    });
    expect(bad({ abilities: { ...abilities, focus: ["green", "purple" as "green"] } })).toEqual({
      code: "invalid-sheet",
      field: "abilities.focus",
    });
    expect(bad({ abilities: { ...abilities, reason: Array<"red">(6).fill("red") } })).toEqual({
      code: "invalid-sheet",
      field: "abilities.reason",
    });
  });

  it("are removed by their owner or the host", () => {
    const g = lobby(2);
    act(g, { by: "p1", type: "enter-character", sheet: sheet("A") });
    const id = Object.keys(g.state.characters)[0] as string;
    expect(refusal(g, { by: "p2", type: "remove-character", character: id })).toEqual({
      code: "host-only",
    });
    act(g, { by: "p1", type: "remove-character", character: id });
    expect(g.state.characters).toEqual({});
  });

  it("set aside for one player are entered only at a one-player table", () => {
    const g = lobby(2);
    act(g, { by: HOST, type: "start" });
    expect(
      refusal(g, { by: "p1", type: "add-set-aside-candidate", sheet: sheet("Spare") }),
    ).toEqual({
      code: "wrong-mode",
      mode: "duel",
      needed: ["solo"],
    });
  });
});

describe("role cards entered by the host", () => {
  it("are Cultists at 15, 20 or 25, and Academics with optional Madness texts", () => {
    const g = lobby(3);
    expect(
      refusal(g, { by: "p1", type: "add-cultist-card", number: 15, text: "x", empowers: false }),
    ).toEqual({
      code: "host-only",
    });
    expect(
      refusal(g, { by: HOST, type: "add-cultist-card", number: 16, text: "x", empowers: false }),
    ).toEqual({
      code: "invalid-cultist-number",
      number: 16,
      allowed: [15, 20, 25],
    });
    const cultist = act(g, {
      by: HOST,
      type: "add-cultist-card",
      number: 20,
      text: "Summons the Mi-Go",
      empowers: false,
    });
    expect(cultist[0]?.visibility).toEqual({ to: "table" });
    const academic = act(g, {
      by: HOST,
      type: "add-academic-card",
      madness: {
        stage1: "Heebie jeebies",
        stage2: "Discard Elder Sign pieces from Events",
        stage3: null,
      },
    });
    expect(academic[0]?.visibility).toEqual({ to: "players", players: [HOST] });
    const id = Object.keys(g.state.cards)[1] as string;
    expect(act(g, { by: HOST, type: "remove-card", card: id })[0]?.visibility).toEqual({
      to: "players",
      players: [HOST],
    });
  });
});

describe("the deal's requirements", () => {
  it("a character per player (3–6), two each (2), three (1)", () => {
    const g = readyToDeal(3);
    act(g, { by: "p2", type: "enter-character", sheet: sheet("Second") });
    expect(refusal(g, { by: HOST, type: "deal" })).toEqual({
      code: "characters-needed",
      player: "p2",
      needed: 1,
      entered: 2,
    });
    const duel = readyToDeal(2);
    const extra = Object.values(duel.state.characters).find((c) => c.owner === "p1")?.id as string;
    act(duel, { by: "p1", type: "remove-character", character: extra });
    expect(refusal(duel, { by: HOST, type: "deal" })).toEqual({
      code: "characters-needed",
      player: "p1",
      needed: 2,
      entered: 1,
    });
  });

  it("one player: a character to set aside", () => {
    const g = readyToDeal(1, { candidates: 0 });
    expect(refusal(g, { by: HOST, type: "deal" })).toEqual({ code: "set-aside-candidate-needed" });
  });

  it("the scenario's Cultist at each of 15, 20 and 25, once", () => {
    const g = readyToDeal(3);
    const at20 = Object.values(g.state.cards).find((c) => c.kind === "cultist" && c.number === 20)
      ?.id as string;
    act(g, { by: HOST, type: "remove-card", card: at20 });
    expect(refusal(g, { by: HOST, type: "deal" })).toEqual({
      code: "cultist-cards-needed",
      numbers: [20],
    });
    act(g, { by: HOST, type: "add-cultist-card", number: 25, text: "again", empowers: false });
    act(g, { by: HOST, type: "add-cultist-card", number: 20, text: "back", empowers: false });
    expect(refusal(g, { by: HOST, type: "deal" })).toEqual({
      code: "duplicate-cultist-number",
      number: 25,
    });
  });

  it("is the host's, in setup, with a seated first player", () => {
    const g = readyToDeal(3);
    expect(refusal(g, { by: "p1", type: "deal" })).toEqual({ code: "host-only" });
    expect(refusal(g, { by: HOST, type: "deal", firstPlayer: "p9" })).toEqual({
      code: "not-a-player",
      player: "p9",
    });
    act(g, { by: HOST, type: "deal" });
    expect(refusal(g, { by: HOST, type: "deal" })).toEqual({
      code: "wrong-phase",
      phase: "playing",
      needed: ["setup"],
    });
    expect(
      refusal(g, { by: HOST, type: "enter-character", player: "p1", sheet: sheet("Late") }),
    ).toMatchObject({
      code: "wrong-phase",
    });
  });
});
