/** An entity under attack (seed 002): Armored, Vulnerable, Spectral as a defence; HP, Immortal. */
import { describe, expect, it } from "vitest";
import { parseTags } from "../../../../src/games/cthulhu-eternal/extras/entities/rules.js";
import type { Entity } from "../../../../src/games/cthulhu-eternal/extras/entities/state.js";
import {
  defenceOf,
  woundEntity,
} from "../../../../src/games/cthulhu-eternal/extras/entities/wounds.js";

function entity(tags: string, hp: number | null = 10): Entity {
  const parsed = parseTags(tags);
  if (!parsed.ok) throw new Error(`bad tags: ${tags}`);
  return {
    name: "Deep One",
    kind: "creature",
    hp,
    tags: parsed.tags,
    strengths: [],
    weaknesses: [],
    shown: null,
    metBy: [],
    wounds: 0,
  };
}

describe("an entity's defence", () => {
  it("Armored X is X armour; Vulnerable types and Spectral are told; hidden until shown", () => {
    expect(defenceOf(entity("Armored 3, Vulnerable silver, Spectral"))).toEqual({
      name: "Deep One",
      armour: 3,
      vulnerable: ["silver"],
      spectral: true,
      hidden: true,
    });
    expect(defenceOf(entity(""))).toMatchObject({ armour: 0, vulnerable: [], spectral: false });
  });
});

describe("an entity wounded", () => {
  it("loses HP; at 0 it is destroyed, or vanishes when Immortal; a lethal hit takes all", () => {
    const hurt = woundEntity(entity(""), { points: 4, lethal: false });
    expect(hurt).toMatchObject({ state: "hurt", entity: { wounds: 4 } });
    expect(woundEntity(hurt.entity, { points: 20, lethal: false })).toMatchObject({
      state: "destroyed",
      entity: { wounds: 10 },
    });
    expect(woundEntity(entity("Immortal"), { points: 0, lethal: true })).toMatchObject({
      state: "vanished",
      entity: { wounds: 10 },
    });
    expect(woundEntity(entity(""), { points: 0, lethal: false }).state).toBe("unhurt");
  });

  it("what has no HP (a tome) is not hurt", () => {
    expect(woundEntity(entity("", null), { points: 9, lethal: true })).toMatchObject({
      state: "unhurt",
      entity: { wounds: 0 },
    });
  });
});
