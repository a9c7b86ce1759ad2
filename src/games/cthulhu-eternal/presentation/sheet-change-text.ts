import type { SheetChange } from "../services/sheet-change.js";
import { disorderMention } from "./disorders.js";

/** One change to a sheet in the game's words (plain text: the caller escapes it). */

const SCORE_LABEL: Readonly<Record<Extract<SheetChange, { kind: "score" }>["score"], string>> = {
  hp: "HP",
  wp: "WP",
  san: "SAN",
  "hp-max": "HP max",
  "wp-max": "WP max",
  "max-san": "Max SAN",
};

export function sheetChangeText(change: SheetChange): string {
  switch (change.kind) {
    case "stat":
      return `${change.stat} ${change.before} → ${change.after}`;
    case "score":
      return `${SCORE_LABEL[change.score]} ${change.before} → ${change.after}`;
    case "skill":
      return `${change.skill} ${change.before} → ${change.after}`;
    case "skill-added":
      return `new skill ${change.skill} ${change.rating}`;
    case "bond-follows-cha":
      return `Bond “${change.bond}” ${change.before} → ${change.after}${change.broke ? ", broken" : ""} (CHA −${change.drop})`;
    case "resources":
      return `Resources ${change.before} → ${change.after} (${change.atHand} at hand, ${change.stowed} stowed, ${change.storage} in storage; ${change.boxes} check box${change.boxes === 1 ? "" : "es"})`;
    case "resources-checked":
      return `Resource check boxes ticked ${change.before} → ${change.after}`;
    case "disorder-renamed":
      return `${disorderMention(change.disorder)} named “${change.to}”`;
    case "disorder-cured":
      return `${disorderMention(change.disorder)} cured`;
    case "disorder-erased":
      return `cured ${disorderMention(change.disorder)} erased`;
    case "disorder-added":
      return `${disorderMention(change.disorder)} added`;
    case "renamed":
      return `renamed “${change.before}” → “${change.after}”`;
    case "notes":
      return "notes updated";
    case "status":
      return `status ${change.before} → ${change.after}`;
  }
}
