import {
  firedOutcomes,
  tally,
  type Ability,
  type CheckPurpose,
  type Colour,
  type CombatantId,
  type Die,
  type DieResult,
  type Fact,
  type GameView,
  type Tally,
  type Thresholds,
} from "../rules/index.js";
import { waitingCheck } from "../rules/rolls.js";

/**
 * A roll from its start to now, read from the facts: a check, a shot or a steal from its first
 * roll, an Attack from `combat-began`. Each side is final (from `check-final`) or waiting for its
 * reroll (from the view's pending roll, the only place its choices are).
 */

export interface RollSide {
  purpose: CheckPurpose;
  roller: CombatantId;
  ability: Ability | "attack";
  difficulty: Colour;
  dice: Die[];
  rerolled: number[];
  tally: Tally;
  outcomes: DieResult[];
  final: boolean;
  mayReroll: boolean;
  extraRerolls: number;
  /** Known while the roll waits in the view (a check may set its own); null otherwise. */
  thresholds: Thresholds | null;
  /** Which roll of the game it is, while it waits (its buttons name it). */
  roll?: number;
}

type Of<T extends Fact["type"]> = Extract<Fact, { type: T }>;

export interface RollSequence {
  combat: Of<"combat-began"> | null;
  sides: RollSide[];
  combatResult: Of<"combat-resolved"> | null;
  ranged: Of<"ranged-resolved"> | null;
  steal: Of<"steal-resolved"> | null;
  stolen: Of<"stolen"> | null;
  /** Everything else that happened since the roll began (Wounds, deaths, pieces dropped…). */
  consequences: Fact[];
}

const ROLL_FACTS: ReadonlySet<Fact["type"]> = new Set([
  "check-rolled",
  "check-final",
  "combat-began",
  "combat-resolved",
  "ranged-resolved",
  "steal-resolved",
  "stolen",
]);

export function isRollFact(fact: Fact): boolean {
  return ROLL_FACTS.has(fact.type);
}

function startsRoll(fact: Fact): boolean {
  return (
    fact.type === "combat-began" ||
    (fact.type === "check-rolled" && fact.purpose !== "defend" && fact.purpose !== "attack")
  );
}

/** Where the roll that the fact at `at` belongs to began (`at` itself if nothing earlier). */
export function rollStart(facts: readonly Fact[], at: number): number {
  for (let i = at; i >= 0; i--) {
    const fact = facts[i];
    if (fact && startsRoll(fact)) return i;
  }
  return at;
}

export function readRoll(facts: readonly Fact[], view: GameView): RollSequence {
  const sequence: RollSequence = {
    combat: null,
    sides: [],
    combatResult: null,
    ranged: null,
    steal: null,
    stolen: null,
    consequences: [],
  };
  const open: RollSide[] = [];
  for (const fact of facts) {
    switch (fact.type) {
      case "combat-began":
        sequence.combat = fact;
        break;
      case "check-rolled": {
        const side: RollSide = {
          purpose: fact.purpose,
          roller: fact.roller,
          ability: fact.ability,
          difficulty: fact.difficulty,
          dice: fact.dice,
          rerolled: [],
          tally: tally(fact.dice),
          outcomes: [],
          final: false,
          mayReroll: fact.mayReroll,
          extraRerolls: fact.extraRerolls,
          thresholds: null,
        };
        sequence.sides.push(side);
        open.push(side);
        break;
      }
      case "check-final": {
        const side = open.find((s) => s.roller === fact.roller && s.purpose === fact.purpose);
        if (!side) break;
        open.splice(open.indexOf(side), 1);
        Object.assign(side, {
          dice: fact.dice,
          rerolled: fact.rerolled,
          tally: fact.tally,
          outcomes: fact.outcomes,
          final: true,
        });
        break;
      }
      case "combat-resolved":
        sequence.combatResult = fact;
        break;
      case "ranged-resolved":
        sequence.ranged = fact;
        break;
      case "steal-resolved":
        sequence.steal = fact;
        break;
      case "stolen":
        sequence.stolen = fact;
        break;
      default:
        sequence.consequences.push(fact);
    }
  }
  const waiting = waitingCheck(view.pending);
  const side = open.find((s) => waiting && s.roller === waiting.roller);
  if (waiting && side) {
    const counts = tally(waiting.dice);
    Object.assign(side, {
      dice: waiting.dice,
      tally: counts,
      outcomes: firedOutcomes(counts, waiting.thresholds),
      mayReroll: waiting.mayReroll,
      extraRerolls: waiting.extraRerolls,
      thresholds: waiting.thresholds,
      roll: waiting.roll,
    });
  }
  return sequence;
}

/** The side waiting for its reroll or keep, if the view still has it waiting. */
export function waitingSide(sequence: RollSequence): RollSide | null {
  return sequence.sides.find((side) => !side.final && side.thresholds !== null) ?? null;
}
