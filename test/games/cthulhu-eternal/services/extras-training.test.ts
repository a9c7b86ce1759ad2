/**
 * The Extras registry and Training and Talents on real SQLite: off until a GM switches it on
 * (refusals change nothing), each session and check writes state and one typed event together,
 * talents wait for a GM by default, and undo restores counts and talents with the rating.
 */
import { rowLine } from "../../../support/event-lines.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  createExtrasService,
  type ExtrasService,
} from "../../../../src/games/cthulhu-eternal/extras/extras-service.js";
import { ExtraRefusal } from "../../../../src/games/cthulhu-eternal/extras/module.js";
import { extensionPointsOf } from "../../../../src/games/cthulhu-eternal/extras/registry.js";
import { trainingExtra } from "../../../../src/games/cthulhu-eternal/extras/training/index.js";
import type { TrainingService } from "../../../../src/games/cthulhu-eternal/extras/training/service.js";
import { trainingStateOf } from "../../../../src/games/cthulhu-eternal/extras/training/state.js";
import { ServiceError } from "../../../../src/games/cthulhu-eternal/services/errors.js";
import { actor, gm, type World } from "../../../support/fixtures.js";
import { eventCount, scriptedWorld, stateOf } from "../../../support/service-world.js";
import { percentileFaces } from "../../../support/dice.js";

let world: World;
let faces: number[];
let extras: ExtrasService;
let training: TrainingService;
let skill: { id: string; name: string; rating: number };

beforeEach(async () => {
  const made = await scriptedWorld(extensionPointsOf([trainingExtra]));
  world = made.world;
  faces = made.faces;
  extras = createExtrasService({ store: world.db.store, rng: made.rng }, [trainingExtra]);
  training = extras.of(trainingExtra);
  const first = world.hero.skills.find((s) => s.rating > 10 && s.rating < 90);
  if (!first) throw new Error("the sample sheet has no mid-rated skill");
  skill = first;
});
afterEach(() => world.dispose());

const switchOn = () => extras.change({ actor: gm(), moduleId: "training", enabled: true });

async function setRating(rating: number): Promise<void> {
  await world.db.prisma.skill.update({ where: { id: skill.id }, data: { rating } });
}

async function refusal(work: Promise<unknown>): Promise<ExtraRefusal> {
  const error: unknown = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof ExtraRefusal)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error;
}

const heroSkill = async () =>
  (await stateOf(world, world.hero.id)).skills.find((s) => s.id === skill.id);
const heroTraining = async () => trainingStateOf(await stateOf(world, world.hero.id));

describe("switching an Extra on", () => {
  it("is off by default: training is refused and nothing changes", async () => {
    const before = await eventCount(world);
    const refused = await refusal(training.train({ actor: actor(), skill: skill.name }));
    expect(refused.code).toBe("off");
    expect(refused.params.campaign).toBe("Night Floors");
    expect((await heroSkill())?.rating).toBe(skill.rating);
    expect(await eventCount(world)).toBe(before);
    const view = await extras.inCampaign({ actor: actor() });
    expect(view.extras.map((e) => [e.module.id, e.enabled])).toEqual([["training", false]]);
  });

  it("is a GM's call: a player is refused, a GM switches it on and it is logged", async () => {
    await expect(
      extras.change({ actor: actor(), moduleId: "training", enabled: true }),
    ).rejects.toBeInstanceOf(ServiceError);
    const outcome = await switchOn();
    expect(outcome.before.enabled).toBe(false);
    expect(outcome.after.enabled).toBe(true);
    expect(await eventCount(world, "extras-change")).toBe(1);
    const view = await extras.inCampaign({ actor: actor() });
    expect(view.extras[0]?.enabled).toBe(true);
    expect(view.extras[0]?.settings).toEqual({ "talent-sessions": 20, "talent-approval": "gm" });
  });

  it("changes a setting by what a GM types, and refuses a value it does not take", async () => {
    await extras.change({
      actor: gm(),
      moduleId: "training",
      setting: { key: "talent-sessions", value: "5" },
    });
    const view = await extras.inCampaign({ actor: actor() });
    expect(view.extras[0]?.settings["talent-sessions"]).toBe(5);
    expect(view.extras[0]?.enabled).toBe(false);
    const bad = await refusal(
      extras.change({
        actor: gm(),
        moduleId: "training",
        setting: { key: "talent-sessions", value: "lots" },
      }),
    );
    expect(bad.code).toBe("bad-value");
    expect(
      (await refusal(extras.change({ actor: gm(), moduleId: "crafting", enabled: true }))).code,
    ).toBe("unknown-module");
    expect(await eventCount(world, "extras-change")).toBe(1);
  });
});

describe("training sessions", () => {
  beforeEach(switchOn);

  it("add 1 to the skill and count toward a talent, with one typed event", async () => {
    const outcome = await training.train({ actor: actor(), skill: skill.name });
    expect(outcome.result.ratingAfter).toBe(skill.rating + 1);
    expect((await heroSkill())?.rating).toBe(skill.rating + 1);
    expect((await heroTraining()).skills[skill.id]).toEqual({ sessions: 1, failedAt: null });
    const event = await world.db.prisma.event.findUniqueOrThrow({ where: { id: outcome.eventId } });
    expect(event.kind).toBe("training-session");
    expect(event.changed).toBe(true);
    const payload = {
      protagonist: world.hero.name,
      skill: skill.name,
      sessions: 1,
      ratingBefore: skill.rating,
      ratingAfter: skill.rating + 1,
      sessionsAfter: 1,
    };
    expect(event.input).toEqual(payload);
    expect(event.payloadVersion).toBe(1);
    expect(JSON.parse(event.payload ?? "null")).toEqual(payload);
    expect(rowLine(event)).toBe(
      `${world.hero.name}: trained ${skill.name} (1 session) ${skill.rating} → ${skill.rating + 1}; 1 session toward a talent`,
    );
  });

  it("never raise a skill above 99", async () => {
    await setRating(98);
    const outcome = await training.train({ actor: actor(), skill: skill.name, sessions: 3 });
    expect(outcome.result.ratingAfter).toBe(99);
    expect((await heroSkill())?.rating).toBe(99);
    expect((await heroTraining()).skills[skill.id]?.sessions).toBe(3);
  });

  it("are undone with the rating: the count goes back too", async () => {
    const outcome = await training.train({ actor: actor(), skill: skill.name, sessions: 2 });
    await world.services.history.undo({ actor: actor(), eventId: outcome.eventId });
    expect((await heroSkill())?.rating).toBe(skill.rating);
    expect((await heroTraining()).skills[skill.id]).toBeUndefined();
  });
});

describe("talent checks", () => {
  beforeEach(async () => {
    await switchOn();
    await setRating(60);
    await training.train({ actor: actor(), skill: skill.name, sessions: 19 });
  });

  it("are refused before the 20th session", async () => {
    const refused = await refusal(
      training.talentCheck({ actor: actor(), skill: skill.name, talent: "Keen Eye" }),
    );
    expect(refused.code).toBe("too-few-sessions");
    expect(refused.params).toMatchObject({ sessions: 19, needed: 20 });
  });

  it("succeed at or under the rating after 20 sessions: a talent awaiting a GM, the count reset", async () => {
    await training.train({ actor: actor(), skill: skill.name });
    // 60 + 20 sessions = 80: a roll of exactly the rating succeeds.
    faces.push(...percentileFaces(80));
    const outcome = await training.talentCheck({
      actor: actor(),
      skill: skill.name,
      talent: "Keen Eye",
    });
    expect(outcome.result.success).toBe(true);
    expect(outcome.talent).toEqual({ name: "Keen Eye", skill: skill.name, approved: false });
    const state = await heroTraining();
    expect(state.skills[skill.id]).toEqual({ sessions: 0, failedAt: null });
    expect(state.talents).toEqual([{ name: "Keen Eye", skill: skill.name, approved: false }]);

    await expect(
      training.approve({ actor: actor(), protagonistId: world.hero.id, talent: "keen eye" }),
    ).rejects.toBeInstanceOf(ServiceError);
    const approved = await training.approve({
      actor: gm(),
      protagonistId: world.hero.id,
      talent: "keen eye",
      rename: "Eagle Eye",
    });
    expect(approved.after).toEqual({ name: "Eagle Eye", skill: skill.name, approved: true });
    expect((await heroTraining()).talents).toEqual([approved.after]);
  });

  it("fail above the rating; a retry waits for the next session", async () => {
    await training.train({ actor: actor(), skill: skill.name });
    faces.push(...percentileFaces(81));
    const failed = await training.talentCheck({
      actor: actor(),
      skill: skill.name,
      talent: "Keen Eye",
    });
    expect(failed.result.success).toBe(false);
    expect((await heroTraining()).talents).toEqual([]);
    const again = await refusal(
      training.talentCheck({ actor: actor(), skill: skill.name, talent: "Keen Eye" }),
    );
    expect(again.code).toBe("train-again-first");
    await training.train({ actor: actor(), skill: skill.name });
    faces.push(...percentileFaces(3));
    const retry = await training.talentCheck({
      actor: actor(),
      skill: skill.name,
      talent: "Keen Eye",
    });
    expect(retry.result.success).toBe(true);
  });

  it("are rolls: a player may not undo one (a reroll) unless the campaign allows it", async () => {
    await training.train({ actor: actor(), skill: skill.name });
    faces.push(...percentileFaces(81));
    const failed = await training.talentCheck({ actor: actor(), skill: skill.name, talent: "X" });
    await expect(
      world.services.history.undo({ actor: actor(), eventId: failed.eventId }),
    ).rejects.toBeInstanceOf(ServiceError);
    // Nor is it offered to them as something to undo; their training session is.
    const offered = (await world.services.historyBrowsing.undoable({ actor: actor() })).map(
      (entry) => entry.kind,
    );
    expect(offered).toContain("training-session");
    expect(offered).not.toContain("training-talent-check");
    await world.services.history.undo({ actor: gm(), eventId: failed.eventId });
    expect((await heroTraining()).skills[skill.id]).toEqual({ sessions: 20, failedAt: null });
  });

  it("take the player's name at once with talent-approval: player", async () => {
    await extras.change({
      actor: gm(),
      moduleId: "training",
      setting: { key: "talent-approval", value: "player" },
    });
    await training.train({ actor: actor(), skill: skill.name });
    faces.push(...percentileFaces(1));
    const outcome = await training.talentCheck({
      actor: actor(),
      skill: skill.name,
      talent: "Keen Eye",
    });
    expect(outcome.talent.approved).toBe(true);
  });
});
