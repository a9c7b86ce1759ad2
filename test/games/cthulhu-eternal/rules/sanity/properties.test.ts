import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isRulesError } from "../../../../../src/games/cthulhu-eternal/rules/errors.js";
import {
  DEFAULT_RULE_OPTIONS,
  type RuleOptions,
} from "../../../../../src/games/cthulhu-eternal/rules/options.js";
import { seededRng } from "../../../../../src/core/rng.js";
import {
  ADAPTATION_BOXES,
  canProject,
  maxSan,
  projectOntoBond,
  resolveSanLoss,
  sanityTest,
  type SanLossResult,
} from "../../../../../src/games/cthulhu-eternal/rules/sanity/index.js";
import {
  THREAT_TYPES,
  type Bond,
  type SanityState,
} from "../../../../../src/games/cthulhu-eternal/rules/types.js";

const trackArb = fc.integer({ min: 0, max: ADAPTATION_BOXES }).chain((boxes) =>
  fc.record({
    boxes: fc.constant(boxes),
    adapted: boxes === ADAPTATION_BOXES ? fc.boolean() : fc.constant(false),
  }),
);

function bondsArb(cha: number): fc.Arbitrary<Bond[]> {
  const bond = fc
    .record({
      kind: fc.constantFrom("individual" as const, "community" as const),
      score: fc.integer({ min: 0, max: 20 }),
      destroyed: fc.boolean(),
    })
    .map(({ kind, score, destroyed }) => {
      const capped = kind === "individual" ? Math.min(score, cha) : score;
      return { kind, score: capped, crossedOff: capped === 0 || destroyed };
    });
  return fc
    .array(bond, { maxLength: 5 })
    .map((bonds) =>
      bonds.map((bond, index) => ({ id: `b${index}`, name: `Bond ${index}`, ...bond })),
    );
}

/** Any sheet the rules consider valid: SAN within 0..Max SAN, WP within 0..POW, BP within 0..SAN. */
const stateArb: fc.Arbitrary<SanityState> = fc
  .record({
    unnatural: fc.integer({ min: 0, max: 99 }),
    pow: fc.integer({ min: 1, max: 20 }),
    cha: fc.integer({ min: 0, max: 20 }),
  })
  .chain(({ unnatural, pow, cha }) =>
    fc
      .record({
        san: fc.integer({ min: 0, max: 99 - unnatural }),
        wp: fc.integer({ min: 0, max: pow }),
        violence: trackArb,
        helplessness: trackArb,
        bonds: bondsArb(cha),
        bpFraction: fc.double({ min: 0, max: 1, noNaN: true }),
      })
      .map(({ san, wp, violence, helplessness, bonds, bpFraction }) => ({
        san,
        pow,
        cha,
        wp,
        breakingPoint: Math.floor(san * bpFraction),
        unnatural,
        adaptation: { violence, helplessness },
        disorders: [],
        bonds,
      })),
  );

const optionsArb: fc.Arbitrary<RuleOptions> = fc
  .record({
    projectionWpShortfall: fc.constantFrom(
      "cap" as const,
      "allow-zero" as const,
      "refuse" as const,
    ),
    adaptationResetOnInsanity: fc.boolean(),
    temporaryInsanityThreshold: fc.integer({ min: 1, max: 100 }),
  })
  .map((chosen) => ({ ...DEFAULT_RULE_OPTIONS, ...chosen }));

const threatArb = fc.constantFrom(...THREAT_TYPES);
const notationArb = fc.constantFrom(
  "0/1",
  "0/1D4",
  "0/1D6",
  "1/1D4+1",
  "1D6/1D20",
  "0/3D6",
  "1D10/1D100",
  "5/10",
);
const seedArb = fc.integer({ min: 0, max: 0xffff_ffff });

function expectWithinRules(before: SanityState, result: SanLossResult): void {
  const { after } = result;
  expect(after.san).toBeGreaterThanOrEqual(0);
  expect(after.san).toBeLessThanOrEqual(maxSan(before));
  expect(result.lost).toBe(before.san - after.san);
  expect(result.loss).toBeLessThanOrEqual(result.rolledLoss);
  expect(after.cha).toBeGreaterThanOrEqual(0);
  expect(after.pow).toBeGreaterThanOrEqual(0);
  expect(after.wp).toBeGreaterThanOrEqual(0);
  expect(after.wp).toBeLessThanOrEqual(after.pow);
  expect(after.breakingPoint).toBeGreaterThanOrEqual(0);
  for (const threat of ["violence", "helplessness"] as const) {
    const track = after.adaptation[threat];
    expect(track.boxes).toBeGreaterThanOrEqual(0);
    expect(track.boxes).toBeLessThanOrEqual(ADAPTATION_BOXES);
    if (track.adapted) expect(track.boxes).toBe(ADAPTATION_BOXES);
  }
  for (const bond of after.bonds) {
    expect(bond.score).toBeGreaterThanOrEqual(0);
    if (bond.score === 0) expect(bond.crossedOff).toBe(true);
    // A crossed-off Bond keeps its last score on the sheet; only standing ones follow CHA down.
    if (bond.kind === "individual" && !bond.crossedOff) {
      expect(bond.score).toBeLessThanOrEqual(Math.max(after.cha, 0));
    }
  }
  expect(JSON.parse(JSON.stringify(result))).toEqual(result);
}

describe("Sanity invariants (fast-check)", () => {
  it("any valid state and loss: SAN stays within 0..Max SAN and lost = before − after", () => {
    fc.assert(
      fc.property(
        stateArb,
        threatArb,
        fc.integer({ min: 0, max: 150 }),
        optionsArb,
        seedArb,
        (before, threat, loss, options, seed) => {
          const snapshot = structuredClone(before);
          const result = resolveSanLoss(before, { threat, loss }, options, seededRng(seed));
          expectWithinRules(before, result);
          expect(result.lost).toBe(Math.min(loss, before.san));
          expect(before).toEqual(snapshot);
        },
      ),
    );
  });

  it("a whole SAN test keeps the same invariants and is deterministic for a seed", () => {
    fc.assert(
      fc.property(
        stateArb,
        threatArb,
        notationArb,
        optionsArb,
        seedArb,
        (before, threat, loss, options, seed) => {
          const result = sanityTest(before, { loss, threat }, options, seededRng(seed));
          expectWithinRules(before, result);
          expect(result.rolledLoss).toBe(result.lossRoll.total);
          expect(sanityTest(before, { loss, threat }, options, seededRng(seed))).toEqual(result);
        },
      ),
    );
  });

  it("projection never costs more SAN than the loss it replaces, nor adds WP", () => {
    fc.assert(
      fc.property(
        stateArb,
        threatArb,
        fc.integer({ min: 1, max: 30 }),
        optionsArb,
        seedArb,
        (before, threat, loss, options, seed) => {
          const previous = resolveSanLoss(before, { threat, loss }, options, seededRng(seed));
          const bond = before.bonds.find((candidate) => !candidate.crossedOff);
          fc.pre(canProject(before, previous) && bond !== undefined);
          let projected: SanLossResult;
          try {
            projected = projectOntoBond(before, previous, bond.id, options, seededRng(seed + 1));
          } catch (error) {
            // Only the "refuse" setting may turn a projection down once the checks above pass.
            expect(isRulesError(error) && error.code).toBe("wp-shortfall");
            expect(options.projectionWpShortfall).toBe("refuse");
            return;
          }
          expectWithinRules(before, projected);
          expect(projected.lost).toBeLessThanOrEqual(previous.lost);
          expect(projected.after.wp).toBeLessThan(before.wp);
          expect(projected.projection?.reduction).toBeGreaterThan(0);
        },
      ),
    );
  });
});
