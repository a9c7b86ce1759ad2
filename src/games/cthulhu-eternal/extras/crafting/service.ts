import { z } from "zod";
import { actorSchema, type Actor } from "../../../../core/access/actor.js";
import type { PercentileTestResult } from "../../rules/percentile.js";
import { isGm } from "../../services/campaign-access.js";
import type { ServiceDeps } from "../../services/deps.js";
import { NO_EXTENSIONS } from "../../services/extension-points.js";
import { findSkill } from "../../services/lookups.js";
import { readTarget, writeTarget } from "../../services/protagonist-target.js";
import { openSkillTest } from "../../services/skill-test.js";
import { displayName, parseInput, recordId } from "../../services/validation.js";
import type { StoreTx } from "../../store/store.js";
import { assertExtraOn } from "../extras-service.js";
import { logSheetChange } from "../module-log.js";
import { ExtraRefusal, type ExtraModule } from "../module.js";
import { CRAFTING_EVENTS } from "./events.js";
import {
  GEAR_QUALITIES,
  MAX_COMPLEXITY,
  MAX_PROJECTS,
  workModifier,
  workOnProject,
  type WorkResult,
} from "./rules.js";
import { readDefaultComplexity } from "./settings.js";
import {
  CRAFTING_ID,
  craftingStateOf,
  projectIndex,
  withCraftingState,
  type Project,
} from "./state.js";

const target = { actor: actorSchema, protagonistId: recordId.nullish() };
const projectName = displayName;
const startInput = z.object({
  ...target,
  name: projectName,
  skill: z.string().trim().min(1).max(100),
  complexity: z.number().int().min(1).max(MAX_COMPLEXITY).nullish(),
});
const workInput = z.object({
  ...target,
  project: projectName,
  gear: z.enum(GEAR_QUALITIES).default("usual"),
  careful: z.boolean().default(false),
});
const projectInput = z.object({ ...target, project: projectName });

interface Who {
  id: string;
  name: string;
}

export interface ProjectOutcome {
  protagonist: Who;
  project: Project;
  eventId: number;
}

export interface WorkOutcome extends ProjectOutcome {
  test: PercentileTestResult;
  work: WorkResult;
  careful: boolean;
  /** The attempt's failure ticked the skill's failure mark. */
  marked: boolean;
}

export interface ProjectsView {
  protagonist: Who;
  projects: Project[];
}

export function createCraftingService(
  { store, rng, extensions = NO_EXTENSIONS }: ServiceDeps,
  module: ExtraModule,
) {
  async function crafter(tx: StoreTx, actor: Actor, protagonistId?: string | null) {
    const found = await writeTarget(tx, actor, protagonistId);
    const settings = assertExtraOn(module, found.campaign);
    return { ...found, settings, state: craftingStateOf(found.protagonist) };
  }

  function projectOf(state: ReturnType<typeof craftingStateOf>, name: string, who: Who) {
    const index = projectIndex(state, name);
    const project = state.projects[index];
    if (!project) {
      throw new ExtraRefusal(CRAFTING_ID, "no-such-project", {
        project: name,
        protagonist: who.name,
      });
    }
    return { index, project };
  }

  return {
    /** A new project: a name, the skill that advances it, a complexity (the setting's default). */
    async start(raw: {
      actor: Actor;
      protagonistId?: string | null;
      name: string;
      skill: string;
      complexity?: number | null;
    }): Promise<ProjectOutcome> {
      const input = parseInput(startInput, raw);
      const { actor } = input;
      return store.transaction(async (tx) => {
        const {
          campaign,
          protagonist: before,
          settings,
          state,
        } = await crafter(tx, actor, input.protagonistId);
        const who = { id: before.id, name: before.name };
        if (projectIndex(state, input.name) >= 0) {
          throw new ExtraRefusal(CRAFTING_ID, "project-exists", { project: input.name });
        }
        if (state.projects.length >= MAX_PROJECTS) {
          throw new ExtraRefusal(CRAFTING_ID, "too-many-projects", {
            protagonist: who.name,
            max: MAX_PROJECTS,
          });
        }
        const skill = findSkill(before, input.skill);
        const project: Project = {
          name: input.name,
          skill: skill.name,
          complexity: input.complexity ?? readDefaultComplexity(settings),
          progress: 0,
          done: false,
        };
        const after = withCraftingState(before, { projects: [...state.projects, project] });
        const eventId = await logSheetChange(
          tx,
          actor,
          campaign,
          {
            kind: CRAFTING_EVENTS.start,
            payload: {
              protagonist: who.name,
              project: project.name,
              skill: project.skill,
              complexity: project.complexity,
            },
          },
          before,
          after,
        );
        return { protagonist: who, project, eventId };
      });
    },

    /** A work attempt: a test of the project's skill, its result added to the progress. */
    async work(raw: {
      actor: Actor;
      protagonistId?: string | null;
      project: string;
      gear?: (typeof GEAR_QUALITIES)[number];
      careful?: boolean;
    }): Promise<WorkOutcome> {
      const input = parseInput(workInput, raw);
      const { actor } = input;
      return store.transaction(async (tx) => {
        const {
          campaign,
          protagonist: before,
          state,
        } = await crafter(tx, actor, input.protagonistId);
        const who = { id: before.id, name: before.name };
        const { index, project } = projectOf(state, input.project, who);
        if (project.done) {
          throw new ExtraRefusal(CRAFTING_ID, "already-done", { project: project.name });
        }
        const skill = findSkill(before, project.skill);
        const { test, after: marked } = openSkillTest(
          {
            protagonist: before,
            skill,
            modifier: workModifier(input.gear, input.careful),
            campaign,
            roller: { userId: actor.userId, gm: await isGm(tx, actor, campaign.id) },
            extensions,
          },
          rng,
        );
        const work = workOnProject(project, test);
        const next: Project = { ...project, progress: work.progressAfter, done: work.done };
        const after = withCraftingState(marked ?? before, {
          projects: state.projects.map((p, i) => (i === index ? next : p)),
        });
        const eventId = await logSheetChange(
          tx,
          actor,
          campaign,
          {
            kind: CRAFTING_EVENTS.work,
            payload: {
              protagonist: who.name,
              project: project.name,
              skill: project.skill,
              roll: test.roll.value,
              target: test.target,
              outcome: test.outcome,
              progressBefore: work.progressBefore,
              progressAfter: work.progressAfter,
              complexity: project.complexity,
              done: work.done,
            },
            dice: test,
          },
          before,
          after,
        );
        return {
          protagonist: who,
          project: next,
          test,
          work,
          careful: input.careful,
          marked: marked !== null,
          eventId,
        };
      });
    },

    /** Gives a project up (or puts a finished one away); the log keeps it. */
    async abandon(raw: {
      actor: Actor;
      protagonistId?: string | null;
      project: string;
    }): Promise<ProjectOutcome> {
      const input = parseInput(projectInput, raw);
      const { actor } = input;
      return store.transaction(async (tx) => {
        const {
          campaign,
          protagonist: before,
          state,
        } = await crafter(tx, actor, input.protagonistId);
        const who = { id: before.id, name: before.name };
        const { index, project } = projectOf(state, input.project, who);
        const after = withCraftingState(before, {
          projects: state.projects.filter((_, i) => i !== index),
        });
        const eventId = await logSheetChange(
          tx,
          actor,
          campaign,
          {
            kind: CRAFTING_EVENTS.abandon,
            payload: {
              protagonist: who.name,
              project: project.name,
              skill: project.skill,
              progress: project.progress,
              complexity: project.complexity,
              done: project.done,
            },
          },
          before,
          after,
        );
        return { protagonist: who, project, eventId };
      });
    },

    /** A Protagonist's projects, for the table and for autocomplete (none when off). */
    async projects(raw: { actor: Actor; protagonistId?: string | null }): Promise<ProjectsView> {
      const { actor, protagonistId } = parseInput(z.object(target), raw);
      return store.read(async (tx) => {
        const { campaign, protagonist } = await readTarget(tx, actor, protagonistId);
        assertExtraOn(module, campaign);
        return {
          protagonist: { id: protagonist.id, name: protagonist.name },
          projects: craftingStateOf(protagonist).projects,
        };
      });
    },
  };
}

export type CraftingService = ReturnType<typeof createCraftingService>;
