/**
 * Equipment (seed 002): each damage type's critical, the SRD's damage bonus and lethality, armour,
 * called shots, range, Fragile and Heavy. Dice are scripted.
 */
import { describe, expect, it } from "vitest";
import { scriptedRng } from "../../../../src/core/rng.js";
import {
  afterCriticalHit,
  carriesHeavy,
  damageSourceOf,
  outOfRange,
  resolveHit,
  totalProtection,
  vulnerabilityHit,
  type Weapon,
} from "../../../../src/games/cthulhu-eternal/extras/gear/rules.js";
import { percentileFaces } from "../../../support/dice.js";

const knife: Weapon = {
  name: "Knife",
  skill: "Melee Weapons",
  harm: { kind: "dice", dice: "1D6" },
  range: "close",
  type: "default",
  weird: false,
};
const hit = (weapon: Weapon, critical: boolean, faces: number[], armour = 0, calledShot = false) =>
  resolveHit(
    { weapon, critical, damageBonus: 1, target: { armour }, calledShot },
    scriptedRng(faces),
  );

describe("a hit's damage", () => {
  it("a plain hit: the dice, the damage bonus for Melee Weapons, then armour", () => {
    const result = hit(knife, false, [4], 2);
    expect(result).toMatchObject({ kind: "dice", critical: null });
    expect(result.damage?.total).toBe(4 + 1 - 2);
  });

  it("no damage bonus for Firearms; armour never takes damage below 0", () => {
    const gun: Weapon = { ...knife, skill: "Firearms", harm: { kind: "dice", dice: "1D4" } };
    expect(hit(gun, false, [3]).damage?.total).toBe(3);
    expect(hit(gun, false, [3], 5).damage?.total).toBe(0);
  });

  it("Default critical: +1D10", () => {
    const result = hit(knife, true, [4, 7]);
    expect(result.kind === "dice" && result.critical).toMatchObject({ code: "extra-die" });
    expect(result.damage?.total).toBe(4 + 7 + 1);
  });

  it("Blasting critical: doubled (after the bonus, before armour)", () => {
    const result = hit({ ...knife, type: "blasting" }, true, [4], 3);
    expect(result.kind === "dice" && result.critical).toEqual({ code: "doubled" });
    expect(result.damage?.total).toBe((4 + 1) * 2 - 3);
  });

  it("Piercing critical: the dice's maximum", () => {
    const result = hit(
      { ...knife, type: "piercing", harm: { kind: "dice", dice: "2D6+1" } },
      true,
      [1, 1],
    );
    expect(result.kind === "dice" && result.critical).toEqual({ code: "maximum", maximum: 13 });
    expect(result.damage?.total).toBe(13 + 1);
  });

  it("Periodic critical: the normal damage now, and a wound of the weapon's dice", () => {
    const torch: Weapon = {
      ...knife,
      name: "Burning",
      type: "periodic",
      harm: { kind: "dice", dice: "1D4" },
    };
    const result = hit(torch, true, [2]);
    expect(result.kind === "dice" && result.critical).toEqual({
      code: "periodic",
      effect: { name: "Burning", dice: "1D4" },
    });
    expect(result.damage?.total).toBe(3);
  });

  it("a called shot ignores armour and leaves Fragile armour whole", () => {
    const result = hit(knife, true, [4, 7], 5, true);
    expect(result.damage?.total).toBe(12);
    expect(result.armourWorn).toBe(false);
    expect(hit(knife, true, [4, 7], 5).armourWorn).toBe(true);
  });
});

describe("lethality weapons (SRD)", () => {
  const rifle: Weapon = {
    name: "Rifle",
    skill: "Firearms",
    harm: { kind: "lethality", rating: 10 },
    range: "far",
    type: "default",
    weird: false,
  };
  it("at or under the rating kills, armour or not", () => {
    const result = hit(rifle, false, percentileFaces(10), 5);
    expect(result).toMatchObject({ kind: "lethality", damage: null, lethality: { lethal: true } });
  });
  it("above it: the digits are the damage, then armour", () => {
    const result = hit(rifle, false, percentileFaces(11), 1);
    expect(result.damage?.total).toBe(1 + 1 - 1);
  });
  it("a critical doubles the rating", () => {
    expect(hit(rifle, true, percentileFaces(20))).toMatchObject({ lethality: { lethal: true } });
  });
});

describe("range, armour and movement", () => {
  it("beyond the weapon's range is out of range; at or within it is not", () => {
    expect(outOfRange(knife, "touch")).toBe(false);
    expect(outOfRange(knife, "close")).toBe(false);
    expect(outOfRange(knife, "near")).toBe(true);
  });
  it("the damage bonus goes to Unarmed Combat and Melee Weapons alone", () => {
    expect(damageSourceOf("Unarmed Combat")).toBe("unarmed");
    expect(damageSourceOf("melee weapons")).toBe("hand-to-hand");
    expect(damageSourceOf("Firearms")).toBe("other");
  });
  it("a critical hit wears Fragile armour down by 1, never below 0; protection adds up", () => {
    const armour = [
      { name: "Vest", protection: 3, fragile: true, heavy: false },
      { name: "Helmet", protection: 0, fragile: true, heavy: true },
      { name: "Plate", protection: 5, fragile: false, heavy: true },
    ];
    expect(afterCriticalHit(armour).map((a) => a.protection)).toEqual([2, 0, 5]);
    expect(totalProtection(armour)).toBe(8);
    expect(carriesHeavy(armour)).toBe(true);
    expect(carriesHeavy(armour.slice(0, 1))).toBe(false);
  });
});

describe("an entity's nature (seed 002)", () => {
  const dagger: Weapon = { ...knife, name: "Silver dagger" };
  it("Vulnerable (type) doubles what strikes at it: a damage type or a word of the weapon's name", () => {
    expect(vulnerabilityHit(dagger, ["silver"])).toBe("silver");
    expect(vulnerabilityHit({ ...knife, type: "piercing" }, ["Piercing"])).toBe("Piercing");
    expect(vulnerabilityHit(knife, ["fire"])).toBeNull();
    const result = resolveHit(
      {
        weapon: dagger,
        critical: false,
        damageBonus: 0,
        target: { armour: 1, vulnerable: ["silver"] },
        calledShot: false,
      },
      scriptedRng([4]),
    );
    expect(result).toMatchObject({ vulnerable: "silver", dealt: (4 - 1) * 2 });
  });

  it("Spectral: only a Weird weapon hurts it", () => {
    const spectral = { armour: 0, spectral: true };
    const plain = resolveHit(
      { weapon: knife, critical: false, damageBonus: 0, target: spectral, calledShot: false },
      scriptedRng([4]),
    );
    expect(plain).toMatchObject({ immune: true, dealt: 0 });
    const weird = resolveHit(
      {
        weapon: { ...knife, weird: true },
        critical: false,
        damageBonus: 0,
        target: spectral,
        calledShot: false,
      },
      scriptedRng([4]),
    );
    expect(weird).toMatchObject({ immune: false, dealt: 4 });
  });
});
