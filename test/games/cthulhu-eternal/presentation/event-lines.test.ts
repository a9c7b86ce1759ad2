import { describe, expect, it } from "vitest";
import { eventLine } from "../../../../src/games/cthulhu-eternal/presentation/event-lines.js";
import {
  EVENT_FACTS,
  fact,
  type LoggedFact,
} from "../../../../src/games/cthulhu-eternal/services/event-facts.js";
import { lineOf } from "../../../support/event-lines.js";

const logged = (written: ReturnType<typeof fact>, summary = ""): LoggedFact => ({
  ...written,
  summary,
});

describe("event lines", () => {
  it("word an event from its payload when it is read", () => {
    const line = lineOf(
      logged(
        fact("resource-test", {
          protagonist: "Ada",
          where: "with-vehicle",
          difficulty: "very-hard",
          roll: 7,
          target: 40,
          outcome: "critical-success",
          quality: "best",
          checked: 2,
          of: 6,
        }),
      ),
    );
    expect(line).toBe(
      "Ada: Resources test (with vehicle, very hard to get) 07 vs 40: critical success, best; boxes 2/6",
    );
  });

  it("word an undo with the change it undid, however that one was logged", () => {
    const undone = logged(fact("protagonist-retire", { protagonist: "Ada" }));
    expect(lineOf(logged(fact("undo", { eventId: 4, undone })))).toBe("undid #4: Ada retired");
    const old = { kind: "hp", payloadVersion: null, payload: null, summary: "Ada: HP 9 → 7" };
    expect(lineOf(logged(fact("undo", { eventId: 5, undone: old })))).toBe(
      "undid #5: Ada: HP 9 → 7",
    );
  });

  it("show an event logged before payloads with its stored line, codes in the game's words", () => {
    const old: LoggedFact = {
      kind: "test",
      payloadVersion: null,
      payload: null,
      summary: "Ada: Occult 05 vs 40: critical-success",
    };
    expect(lineOf(old)).toBe("Ada: Occult 05 vs 40: critical success");
  });

  it("fall back to the stored line for a payload this version can't read", () => {
    const version = EVENT_FACTS.roll.version;
    const stored = "rolled 1d6 = 4";
    expect(
      lineOf({ kind: "roll", payloadVersion: version + 1, payload: {}, summary: stored }),
    ).toBe(stored);
    expect(
      lineOf({ kind: "roll", payloadVersion: version, payload: { x: 1 }, summary: stored }),
    ).toBe(stored);
    expect(lineOf({ kind: "séance", payloadVersion: 1, payload: {}, summary: "" })).toBe(
      "a séance event this version of the bot can't describe",
    );
  });

  it("word an Extra's events with the module's words, and only when the module is offered", () => {
    const trained: LoggedFact = {
      kind: "training-session",
      payloadVersion: 1,
      payload: {
        protagonist: "Ada",
        skill: "Occult",
        sessions: 2,
        ratingBefore: 40,
        ratingAfter: 42,
        sessionsAfter: 2,
      },
      summary: "",
    };
    expect(lineOf(trained)).toMatch(/^Ada: trained Occult \(2 sessions\) 40 → 42; /);
    expect(eventLine(trained)).toBe(
      "a training-session event this version of the bot can't describe",
    );
    const switched: LoggedFact = {
      kind: "extras-change",
      payloadVersion: 1,
      payload: { moduleId: "training", enabled: true, setting: null },
      summary: "",
    };
    expect(lineOf(switched)).toBe("Extras: Training and Talents on");
  });
});
