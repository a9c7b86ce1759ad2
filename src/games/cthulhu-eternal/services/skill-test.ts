import type { Rng } from "../../../core/rng.js";
import { recordSkillTest } from "../rules/advancement.js";
import { exhaustionConditions } from "../rules/harm.js";
import {
  percentileTest,
  type PercentileTestResult,
  type TestCondition,
} from "../rules/percentile.js";
import type { Campaign } from "../store/types.js";
import type { ExtensionPoints, TestOn } from "./extension-points.js";
import { ruleOptionsOf } from "./campaign-access.js";
import { markedForRoll } from "./hidden-marks.js";
import { cloneSnapshot, type ProtagonistSnapshot, type SkillSnapshot } from "./snapshot.js";

/** What moves a test the Protagonist makes in this campaign: exhaustion, and the modules' say. */
export function testerConditions(
  protagonist: ProtagonistSnapshot,
  campaign: Campaign,
  test: TestOn,
  extensions: ExtensionPoints,
): TestCondition[] {
  return [
    ...exhaustionConditions(protagonist.exhausted, ruleOptionsOf(campaign)),
    ...extensions.testConditions(protagonist, campaign, test),
  ];
}

/**
 * The sheet after a skill test: a failure ticks the skill's mark (when the campaign uses marks,
 * never on Unnatural), seen by `audience` (null: the table; else the roller and the GMs), or null
 * when the test changed nothing. `roller.gm` matters only for a secret roll on a hidden mark.
 */
export function afterSkillTest(
  protagonist: ProtagonistSnapshot,
  skill: SkillSnapshot,
  test: { success: boolean },
  campaign: Campaign,
  audience: string | null,
  roller: { userId: string; gm: boolean },
): ProtagonistSnapshot | null {
  const mark = recordSkillTest(
    { name: skill.name, rating: skill.rating, marked: markedForRoll(skill, audience, roller) },
    test,
    ruleOptionsOf(campaign),
  );
  if (!mark.newlyMarked) return null;
  const after = cloneSnapshot(protagonist);
  const target = after.skills.find((s) => s.id === skill.id);
  if (!target) return null;
  target.failureMarked = true;
  target.failureMarkVisibleTo = audience;
  return after;
}

/**
 * An open test of one of the Protagonist's skills, as a module's action makes it (a crafting
 * attempt): the rating with the modifier and the tester's conditions, and the sheet after it.
 */
export function openSkillTest(
  input: {
    protagonist: ProtagonistSnapshot;
    skill: SkillSnapshot;
    modifier: number;
    /** Beyond the tester's own: what the opponent does to the test (a strength, Flying). */
    opponentConditions?: readonly TestCondition[];
    campaign: Campaign;
    roller: { userId: string; gm: boolean };
    extensions: ExtensionPoints;
  },
  rng: Rng,
): { test: PercentileTestResult; after: ProtagonistSnapshot | null } {
  const { protagonist, skill, campaign } = input;
  const test = percentileTest(
    {
      rating: skill.rating,
      modifier: input.modifier,
      conditions: [
        ...testerConditions(
          protagonist,
          campaign,
          { kind: "skill", skill: skill.name },
          input.extensions,
        ),
        ...(input.opponentConditions ?? []),
      ],
      label: skill.name,
    },
    rng,
  );
  return {
    test,
    after: afterSkillTest(protagonist, skill, test, campaign, null, input.roller),
  };
}
