import { z } from "zod";
import type { StoreTx } from "../../store/store.js";
import { actorSchema, type Actor } from "../../../../core/access/actor.js";
import { assertGm, isGm } from "../../services/campaign-access.js";
import type { ServiceDeps } from "../../services/deps.js";
import { findSkill } from "../../services/lookups.js";
import { readTarget, writeTarget } from "../../services/protagonist-target.js";
import type { ProtagonistSnapshot } from "../../services/snapshot.js";
import { displayName, parseInput, recordId } from "../../services/validation.js";
import { assertExtraOn } from "../extras-service.js";
import { logSheetChange } from "../module-log.js";
import { ExtraRefusal, type ExtraModule } from "../module.js";
import {
  MAX_SESSIONS_AT_ONCE,
  talentCheck,
  train,
  type TalentCheckResult,
  type TrainingResult,
} from "./rules.js";
import { TRAINING_EVENTS } from "./events.js";
import {
  skillTraining,
  TRAINING_ID,
  trainingStateOf,
  withTrainingState,
  type Talent,
  type TrainingState,
} from "./state.js";
import { readTrainingSettings } from "./settings.js";

const target = { actor: actorSchema, protagonistId: recordId.nullish() };
const trainInput = z.object({
  ...target,
  skill: z.string().trim().min(1).max(100),
  sessions: z.number().int().min(1).max(MAX_SESSIONS_AT_ONCE).default(1),
});
const checkInput = z.object({
  ...target,
  skill: z.string().trim().min(1).max(100),
  talent: displayName,
});
const approveInput = z.object({ ...target, talent: displayName, rename: displayName.nullish() });

export interface Who {
  id: string;
  name: string;
}

export interface TrainingOutcome {
  protagonist: Who;
  skill: string;
  result: TrainingResult;
  sessionsNeeded: number;
  eventId: number;
}

export interface TalentCheckOutcome {
  protagonist: Who;
  skill: string;
  talent: Talent;
  result: Extract<TalentCheckResult, { kind: "rolled" }>;
  eventId: number;
}

export interface TalentApproveOutcome {
  protagonist: Who;
  before: Talent;
  after: Talent;
  eventId: number;
}

const who = (p: ProtagonistSnapshot): Who => ({ id: p.id, name: p.name });

/** The module as its service needs it: the settings and the "off" refusal read it. */
type Module = ExtraModule;

export function createTrainingService({ store, rng }: ServiceDeps, module: Module) {
  /** The Protagonist to change, once the campaign has the module on. */
  async function trainee(tx: StoreTx, actor: Actor, protagonistId?: string | null) {
    const found = await writeTarget(tx, actor, protagonistId);
    const settings = readTrainingSettings(assertExtraOn(module, found.campaign));
    return { ...found, settings, state: trainingStateOf(found.protagonist) };
  }

  /** As `trainee`, with the skill named and its training so far. */
  async function skillTrainee(
    tx: StoreTx,
    actor: Actor,
    input: { protagonistId?: string | null; skill: string },
  ) {
    const found = await trainee(tx, actor, input.protagonistId);
    const skill = findSkill(found.protagonist, input.skill);
    return { ...found, skill, training: skillTraining(found.state, skill.id) };
  }

  return {
    /** Training sessions on one skill: +1 each (never above 99), counted toward a talent. */
    async train(raw: {
      actor: Actor;
      protagonistId?: string | null;
      skill: string;
      sessions?: number;
    }): Promise<TrainingOutcome> {
      const input = parseInput(trainInput, raw);
      const { actor } = input;
      return store.transaction(async (tx) => {
        const { campaign, protagonist: before, ...found } = await skillTrainee(tx, actor, input);
        const { settings, state, skill, training } = found;
        const result = train({
          rating: skill.rating,
          training,
          sessions: input.sessions,
          sessionsNeeded: settings.talentSessions,
        });
        const next: TrainingState = {
          ...state,
          skills: { ...state.skills, [skill.id]: result.trainingAfter },
        };
        const after = withTrainingState(
          {
            ...before,
            skills: before.skills.map((s) =>
              s.id === skill.id ? { ...s, rating: result.ratingAfter } : s,
            ),
          },
          next,
        );
        const payload = TRAINING_EVENTS.session.payload.parse({
          protagonist: before.name,
          skill: skill.name,
          sessions: input.sessions,
          ratingBefore: result.ratingBefore,
          ratingAfter: result.ratingAfter,
          sessionsAfter: result.trainingAfter.sessions,
        });
        const eventId = await logSheetChange(
          tx,
          actor,
          campaign,
          {
            kind: TRAINING_EVENTS.session,
            payload,
          },
          before,
          after,
        );
        return {
          protagonist: who(before),
          skill: skill.name,
          result,
          sessionsNeeded: settings.talentSessions,
          eventId,
        };
      });
    },

    /** The talent check after enough sessions: success gains the talent named, the count restarts. */
    async talentCheck(raw: {
      actor: Actor;
      protagonistId?: string | null;
      skill: string;
      talent: string;
    }): Promise<TalentCheckOutcome> {
      const input = parseInput(checkInput, raw);
      const { actor } = input;
      return store.transaction(async (tx) => {
        const { campaign, protagonist: before, ...found } = await skillTrainee(tx, actor, input);
        const { settings, state, skill, training } = found;
        const result = talentCheck(
          {
            rating: skill.rating,
            training,
            sessionsNeeded: settings.talentSessions,
          },
          rng,
        );
        if (result.kind === "refused") {
          throw new ExtraRefusal(TRAINING_ID, result.refusal.code, {
            ...result.refusal,
            skill: skill.name,
          });
        }
        // A GM's own talent needs nobody else's word.
        const awaitsGm =
          result.success &&
          settings.talentApproval === "gm" &&
          !(await isGm(tx, actor, campaign.id));
        const talent: Talent = { name: input.talent, skill: skill.name, approved: !awaitsGm };
        const next: TrainingState = {
          skills: { ...state.skills, [skill.id]: result.trainingAfter },
          talents: result.success ? [...state.talents, talent] : state.talents,
        };
        const payload = TRAINING_EVENTS.talentCheck.payload.parse({
          protagonist: before.name,
          skill: skill.name,
          talent: input.talent,
          roll: result.roll.value,
          target: result.target,
          success: result.success,
          awaitsGm,
        });
        const eventId = await logSheetChange(
          tx,
          actor,
          campaign,
          {
            kind: TRAINING_EVENTS.talentCheck,
            payload,
            dice: result,
          },
          before,
          withTrainingState(before, next),
        );
        return { protagonist: who(before), skill: skill.name, talent, result, eventId };
      });
    },

    /** GM: confirm a talent a player gained (and name it, if the table settles on another name). */
    async approve(raw: {
      actor: Actor;
      protagonistId?: string | null;
      talent: string;
      rename?: string | null;
    }): Promise<TalentApproveOutcome> {
      const input = parseInput(approveInput, raw);
      const { actor } = input;
      return store.transaction(async (tx) => {
        const {
          campaign,
          protagonist: before,
          state,
        } = await trainee(tx, actor, input.protagonistId);
        await assertGm(tx, actor, campaign);
        const wanted = input.talent.toLowerCase();
        const index = state.talents.findIndex((t) => t.name.toLowerCase() === wanted);
        const found = state.talents[index];
        if (!found)
          throw new ExtraRefusal(TRAINING_ID, "no-such-talent", {
            talent: input.talent,
            protagonist: before.name,
          });
        if (found.approved && !input.rename) {
          throw new ExtraRefusal(TRAINING_ID, "already-approved", { talent: found.name });
        }
        const talent: Talent = { ...found, name: input.rename ?? found.name, approved: true };
        const next: TrainingState = {
          ...state,
          talents: state.talents.map((t, i) => (i === index ? talent : t)),
        };
        const payload = TRAINING_EVENTS.talentApprove.payload.parse({
          protagonist: before.name,
          talent: found.name,
          renamedTo: input.rename && input.rename !== found.name ? input.rename : null,
        });
        const eventId = await logSheetChange(
          tx,
          actor,
          campaign,
          {
            kind: TRAINING_EVENTS.talentApprove,
            payload,
          },
          before,
          withTrainingState(before, next),
        );
        return { protagonist: who(before), before: found, after: talent, eventId };
      });
    },

    /** The Protagonist's talents, for autocomplete (none when the module is off). */
    async talentsOf(raw: { actor: Actor; protagonistId?: string | null }): Promise<Talent[]> {
      const { actor, protagonistId } = parseInput(z.object(target), raw);
      return store.read(
        async (tx) =>
          trainingStateOf((await readTarget(tx, actor, protagonistId)).protagonist).talents,
      );
    },
  };
}

export type TrainingService = ReturnType<typeof createTrainingService>;
