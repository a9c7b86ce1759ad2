import { OUTCOME_LABEL, PERCENTILE_OUTCOMES } from "../rules/percentile.js";
import {
  RESOURCE_DIFFICULTIES,
  RESOURCE_LOCATIONS,
  type ResourceDifficulty,
  type ResourceLocation,
} from "../rules/resources.js";
import { threatLabel } from "../rules/sanity/index.js";
import { THREAT_TYPES } from "../rules/types.js";
import { LOCATION_LABEL } from "./resource-embeds.js";

/**
 * Events logged before payloads kept a line as the services wrote it then, codes included
 * ("critical-success", "at-hand"). `readableSummary` shows such a line with the game's words in
 * place of those codes.
 */

export const DIFFICULTY_WORDS: Readonly<Record<ResourceDifficulty, string>> = {
  normal: "normal",
  hard: "hard to get",
  "very-hard": "very hard to get",
};

/** Codes are lower-case letters and hyphens: nothing to escape in a pattern. */
const alternatives = (codes: readonly string[]): string => codes.join("|");

/** A percentile outcome where a summary states one: after a colon, as the services write it. */
const OUTCOME = new RegExp(`(: )(${alternatives(PERCENTILE_OUTCOMES)})\\b`, "g");
/** A Resources test's place and difficulty, in the parentheses after "Resources test". */
const RESOURCE_TEST = new RegExp(
  `(Resources test \\()(${alternatives(RESOURCE_LOCATIONS)}), (${alternatives(RESOURCE_DIFFICULTIES)})\\)`,
  "g",
);
/** The test every survivor of shared adversity makes, named by its event kind. */
const SHARED_ADVERSITY_TEST = /\bshared-adversity SAN test\b/g;
/** A SAN test's threat, first in the parentheses after "SAN test". */
const SAN_TEST = new RegExp(`(SAN test \\()(${alternatives(THREAT_TYPES)})\\b`, "g");

const isOutcome = (code: string): code is (typeof PERCENTILE_OUTCOMES)[number] =>
  (PERCENTILE_OUTCOMES as readonly string[]).includes(code);
const isLocation = (code: string): code is ResourceLocation =>
  (RESOURCE_LOCATIONS as readonly string[]).includes(code);
const isDifficulty = (code: string): code is ResourceDifficulty =>
  (RESOURCE_DIFFICULTIES as readonly string[]).includes(code);
const isThreat = (code: string): code is (typeof THREAT_TYPES)[number] =>
  (THREAT_TYPES as readonly string[]).includes(code);

/** A logged summary in the game's words: outcomes, places, difficulties and threats named. */
export function readableSummary(summary: string): string {
  return summary
    .replace(OUTCOME, (match, lead: string, code: string) =>
      isOutcome(code) ? `${lead}${OUTCOME_LABEL[code].toLowerCase()}` : match,
    )
    .replace(RESOURCE_TEST, (match, lead: string, where: string, difficulty: string) =>
      isLocation(where) && isDifficulty(difficulty)
        ? `${lead}${LOCATION_LABEL[where]}, ${DIFFICULTY_WORDS[difficulty]})`
        : match,
    )
    .replace(SHARED_ADVERSITY_TEST, "shared adversity SAN test")
    .replace(SAN_TEST, (match, lead: string, threat: string) =>
      isThreat(threat) ? `${lead}${threatLabel(threat)}` : match,
    );
}
