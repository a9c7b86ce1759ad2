import type {
  BondChange,
  BondChangeReason,
  BondDamageCause,
  BondDestroyReason,
} from "../rules/bonds.js";
import type { SharedAdversityNoChange } from "../rules/refusals.js";
import type { SharedAdversityResultReason } from "../rules/shared-adversity-apply.js";
import type { SharedAdversityPlanReason } from "../rules/shared-adversity.js";

/** The English for the Bond rules' facts: every sentence about a Bond change is worded here. */

type ChangeOf<C extends BondChangeReason["code"]> = Extract<BondChangeReason, { code: C }>;

const BROKE_SUFFIX = "; at 0 it breaks and is crossed off";

function causeText(cause: BondDamageCause): string {
  switch (cause.code) {
    case "harm":
      return "harm to the Bond's subject";
    case "neglected-for-new-bond":
      return `neglected for the new Bond with ${cause.fellow}`;
    case "neglected-while-deepening":
      return `neglected while the Bond with ${cause.fellow} deepened`;
    case "projected":
      return "projected onto";
    case "repressed":
      return "drawn on to repress insanity";
    case "adapting-to-violence":
      return cause.cappedAtCha === null
        ? "adapting to Violence"
        : `adapting to Violence (${cause.cost}, and capped at CHA ${cause.cappedAtCha})`;
  }
}

function scores(change: BondChange): string {
  return `${change.before} → ${change.after}${change.broke ? BROKE_SUFFIX : ""}`;
}

const CHANGE_TEXT: {
  [C in BondChangeReason["code"]]: (r: ChangeOf<C>, change: BondChange) => string;
} = {
  damaged: (r, change) =>
    `${causeText(r.cause)}: −${r.rolled === null ? `${r.amount}` : `1D4 = ${r.rolled}`}, ${scores(change)}`,
  improved: (r, change) => {
    const capName = r.cap?.kind === "individual" ? `CHA ${r.cap.score}` : `${r.cap?.score}`;
    const capText = r.cap === null ? "" : ` (capped at ${capName})`;
    const base = `${r.cause === "deepened" ? "deepened through shared adversity" : "cultivated"}: +${r.amount}, ${change.before} → ${change.after}${capText}`;
    return r.rolled === null ? base : `1D4 = ${r.rolled}: ${base}`;
  },
  "cha-dropped": (r, change) => `CHA dropped by ${r.drop} (${r.from} → ${r.to}): ${scores(change)}`,
  forged: (r, change) =>
    `new Bond forged through shared adversity: half CHA ${r.cha}, rounded up = ${change.after}`,
  "already-at-cha": (r) => `already at CHA ${r.cha}, so it cannot increase (no die rolled)`,
};

/** Why one Bond's score moved, with its numbers, as the bot shows it. */
export function bondChangeText(change: BondChange): string {
  const r = change.reason;
  switch (r.code) {
    case "damaged":
      return CHANGE_TEXT.damaged(r, change);
    case "improved":
      return CHANGE_TEXT.improved(r, change);
    case "cha-dropped":
      return CHANGE_TEXT["cha-dropped"](r, change);
    case "forged":
      return CHANGE_TEXT.forged(r, change);
    case "already-at-cha":
      return CHANGE_TEXT["already-at-cha"](r, change);
  }
}

export function bondDestroyText(r: BondDestroyReason): string {
  return `The Bond “${r.bond}” is destroyed (${r.why ?? "its subject is gone"}) and crossed off; it stays on the sheet.`;
}

export function sharedAdversityNoChangeText(r: SharedAdversityNoChange): string {
  return r.code === "san-test-succeeded"
    ? "The SAN test succeeded: shared adversity changes nothing."
    : "No fellow Protagonist made it back: there is no one to bond with.";
}

export function sharedAdversityPlanText(r: SharedAdversityPlanReason): string {
  if (r.code !== "bonds-form") return sharedAdversityNoChangeText(r);
  const choiceNote = r.canWeaken
    ? "For each fellow, choose a Bond to weaken (not one to anyone who was on the adventure)."
    : "There is no other Bond to weaken, so no cost can be paid.";
  return `The SAN test failed: Bonds form or deepen with ${r.fellows.join(", ")}. ${choiceNote}`;
}

export function sharedAdversityResultText(r: SharedAdversityResultReason): string {
  switch (r.code) {
    case "san-test-succeeded":
    case "no-fellows":
      return sharedAdversityNoChangeText(r);
    case "broke-earlier":
      return `“${r.broken}” broke earlier in this procedure and cannot be weakened again: choose another Bond for ${r.pending.join(", ")}.`;
    case "applied": {
      const summary = r.steps
        .map((step) => `${step.fellow} (${step.kind === "new-bond" ? "new Bond" : "strengthened"})`)
        .join(", ");
      return `Shared adversity: ${summary}.`;
    }
  }
}
