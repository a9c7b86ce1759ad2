/**
 * Corruption (seed 002): a corrupting loss lowers the maximum with the current rating; derived
 * maxima follow a corrupted stat; a GM's restoration gives the maximum back; at 0 the
 * Protagonist is lost.
 */
import { describe, expect, it } from "vitest";
import {
  corruptedMaxSan,
  corruptMaximum,
  corruptStat,
  NOTHING_CORRUPTED,
  restore,
  type CorruptibleSheet,
} from "../../../../src/games/cthulhu-eternal/extras/corruption/rules.js";

const sheet: CorruptibleSheet = {
  stats: { STR: 10, DEX: 10, CON: 12, INT: 10, POW: 11, CHA: 9 },
  hp: 8,
  hpMax: 11,
  wp: 11,
  wpMax: 11,
  san: 50,
  breakingPoint: 44,
  unnatural: 4,
};

describe("a corrupting loss", () => {
  it("lowers the maximum HP by what was lost (the core already took the current)", () => {
    const result = corruptMaximum(sheet, NOTHING_CORRUPTED, "HP", 3);
    expect(result.sheet).toMatchObject({ hp: 8, hpMax: 8 });
    expect(result.corrupted.HP).toBe(3);
    expect(result.lost).toBe(false);
  });

  it("lowers Max SAN, and the breaking point never stays above Max SAN − POW", () => {
    const result = corruptMaximum(sheet, NOTHING_CORRUPTED, "SAN", 40);
    expect(corruptedMaxSan(result.sheet, result.corrupted)).toBe(55);
    expect(result.sheet.san).toBe(50);
    expect(result.sheet.breakingPoint).toBe(44);
    const deeper = corruptMaximum(result.sheet, result.corrupted, "SAN", 10);
    expect(corruptedMaxSan(deeper.sheet, deeper.corrupted)).toBe(45);
    expect(deeper.sheet.breakingPoint).toBe(34);
  });

  it("loses the Protagonist for good when a maximum reaches 0", () => {
    expect(corruptMaximum(sheet, NOTHING_CORRUPTED, "WP", 10).lost).toBe(false);
    const result = corruptMaximum(sheet, NOTHING_CORRUPTED, "WP", 11);
    expect(result.sheet).toMatchObject({ wp: 0, wpMax: 0 });
    expect(result.lost).toBe(true);
  });
});

describe("a corrupted stat", () => {
  it("drops, never below 0, and HP and WP maxima follow it", () => {
    const con = corruptStat(sheet, NOTHING_CORRUPTED, "CON", 4);
    expect(con.sheet.stats.CON).toBe(8);
    expect(con.sheet.hpMax).toBe(9);
    expect(con.sheet.hp).toBe(8);
    const pow = corruptStat(sheet, NOTHING_CORRUPTED, "POW", 3);
    expect(pow.sheet).toMatchObject({ wpMax: 8, wp: 8 });
    const gone = corruptStat(sheet, NOTHING_CORRUPTED, "CHA", 20);
    expect(gone.amount).toBe(9);
    expect(gone.sheet.stats.CHA).toBe(0);
    expect(gone.lost).toBe(true);
  });
});

describe("a GM's restoration", () => {
  it("gives back the maximum, at most what corruption took; current ratings stay", () => {
    const hurt = corruptMaximum(sheet, NOTHING_CORRUPTED, "HP", 3);
    const healed = restore(hurt.sheet, hurt.corrupted, "HP", 5);
    expect(healed.amount).toBe(3);
    expect(healed.sheet).toMatchObject({ hp: 8, hpMax: 11 });
    expect(healed.corrupted.HP).toBe(0);
    const pow = corruptStat(sheet, NOTHING_CORRUPTED, "POW", 3);
    const back = restore(pow.sheet, pow.corrupted, "POW", 1);
    expect(back.sheet.stats.POW).toBe(9);
    expect(back.sheet).toMatchObject({ wpMax: 9, wp: 8 });
    expect(restore(sheet, NOTHING_CORRUPTED, "SAN", 5).amount).toBe(0);
  });
});
