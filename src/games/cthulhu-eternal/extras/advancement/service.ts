import { z } from "zod";
import { actorSchema, type Actor } from "../../../../core/access/actor.js";
import type { SkillImprovement } from "../../rules/advancement.js";
import type { ServiceDeps } from "../../services/deps.js";
import { EVERYONE, memberViewer } from "../../services/event-visibility.js";
import { markSeenBy } from "../../services/hidden-marks.js";
import { writeTarget } from "../../services/protagonist-target.js";
import { cloneSnapshot } from "../../services/snapshot.js";
import { parseInput, recordId } from "../../services/validation.js";
import { assertExtraOn } from "../extras-service.js";
import { logSheetChange } from "../module-log.js";
import { ExtraRefusal, type ExtraModule } from "../module.js";
import { ADVANCEMENT_EVENTS } from "./events.js";
import { downtimeCheck } from "./rules.js";
import { readChecksPerDowntime } from "./settings.js";
import { ADVANCEMENT_ID, advancementStateOf, withAdvancementState } from "./state.js";

const checkInput = z.object({ actor: actorSchema, protagonistId: recordId.nullish() });

export interface DowntimeCheckOutcome {
  protagonist: { id: string; name: string };
  /** The session the downtime leads to. */
  beforeSession: number;
  check: number;
  /** What the whole table may read: skills whose marks everyone saw. */
  shown: SkillImprovement[];
  /** Skills marked by secret rolls the actor saw: told to them alone. */
  secret: SkillImprovement[];
  checksLeft: number;
  eventId: number;
}

export function createAdvancementService({ store, rng }: ServiceDeps, module: ExtraModule) {
  return {
    /** The player's improvement check in downtime (seed 002), once per downtime by default. */
    async downtimeCheck(raw: {
      actor: Actor;
      protagonistId?: string | null;
    }): Promise<DowntimeCheckOutcome> {
      const { actor, protagonistId } = parseInput(checkInput, raw);
      return store.transaction(async (tx) => {
        const { campaign, protagonist: before } = await writeTarget(tx, actor, protagonistId);
        const allowed = readChecksPerDowntime(assertExtraOn(module, campaign));
        const session = campaign.sessionNumber;
        const outcome = downtimeCheck(
          {
            skills: before.skills.map((s) => ({
              name: s.name,
              rating: s.rating,
              marked: s.failureMarked,
            })),
            state: advancementStateOf(before),
            session,
            allowed,
          },
          rng,
        );
        if (outcome.kind === "refused") {
          throw new ExtraRefusal(ADVANCEMENT_ID, outcome.refusal.code, {
            ...outcome.refusal,
            protagonist: before.name,
            session,
          });
        }
        const { result, stateAfter } = outcome;
        const after = withAdvancementState(cloneSnapshot(before), stateAfter);
        after.skills.forEach((skill, index) => {
          const improved = result.skills[index];
          if (!improved) return;
          skill.rating = improved.rating;
          skill.failureMarked = improved.marked;
          if (!improved.marked) skill.failureMarkVisibleTo = null;
        });
        const markOf = (change: SkillImprovement) =>
          before.skills.find((s) => s.name === change.name);
        const seenBy = (viewer: Parameters<typeof markSeenBy>[1]) => (change: SkillImprovement) => {
          const skill = markOf(change);
          return skill !== undefined && markSeenBy(skill, viewer);
        };
        const shown = result.changes.filter(seenBy(EVERYONE));
        const viewer = await memberViewer(tx, actor, campaign.id);
        const secret = result.changes.filter(
          (change) => !seenBy(EVERYONE)(change) && seenBy(viewer)(change),
        );
        const check = result.check?.value ?? 0;
        const eventId = await logSheetChange(
          tx,
          actor,
          campaign,
          {
            kind: ADVANCEMENT_EVENTS.check,
            payload: {
              protagonist: before.name,
              beforeSession: session,
              roll: check,
              improved: shown
                .filter((c) => c.reason.code === "check" && c.before <= c.reason.check)
                .map((c) => ({ skill: c.name, before: c.before, after: c.after })),
              kept: shown.filter((c) => !c.unmarked).map((c) => c.name),
            },
            dice: { check },
          },
          before,
          after,
        );
        return {
          protagonist: { id: before.id, name: before.name },
          beforeSession: session,
          check,
          shown,
          secret,
          checksLeft: allowed - stateAfter.checks,
          eventId,
        };
      });
    },
  };
}

export type AdvancementService = ReturnType<typeof createAdvancementService>;
