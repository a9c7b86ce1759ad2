/** The world every Protagonist service test runs in, and the helpers they share. */
import { wordsOf } from "../../../support/refusal-words.js";
import { afterEach, beforeEach, expect } from "vitest";
import type { CreationChoices } from "../../../../src/games/cthulhu-eternal/rules/creation/index.js";
import { seededRng } from "../../../../src/core/rng.js";
import {
  ServiceError,
  type ServiceErrorKind,
} from "../../../../src/games/cthulhu-eternal/services/errors.js";
import {
  createProtagonistService,
  type ProtagonistService,
} from "../../../../src/games/cthulhu-eternal/services/protagonist-service.js";
import {
  ImportRefused,
  type ImportProblem,
} from "../../../../src/games/cthulhu-eternal/services/protagonist-import.js";
import { loadProtagonist } from "../../../../src/games/cthulhu-eternal/services/lookups.js";
import { sampleChoices } from "../rules/creation/sample.js";
import { actor, gm, makeWorld, OTHER_GUILD, type World } from "../../../support/fixtures.js";

export const OTHER_CHANNEL = "200000000000000002";

export let world: World;
export let protagonists: ProtagonistService;

beforeEach(async () => {
  world = await makeWorld();
  protagonists = createProtagonistService({
    store: world.db.store,
    rng: seededRng(7),
  });
});
afterEach(() => world.dispose());

export const choices = (overrides: Partial<CreationChoices> = {}): CreationChoices => ({
  ...sampleChoices(),
  name: "Agent Reyes",
  ...overrides,
});

/** The ServiceError a call fails with (anything else fails the test). */
export async function failure(
  call: Promise<unknown>,
  kind?: ServiceErrorKind,
): Promise<ServiceError> {
  try {
    await call;
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    if (kind) expect(error.kind).toBe(kind);
    return error;
  }
  throw new Error("expected the call to fail");
}

/** Everything a refused call must leave alone: row counts and the hero's whole state. */
export async function state() {
  const p = world.db.prisma;
  return {
    events: await p.event.count(),
    protagonists: await p.protagonist.count(),
    skills: await p.skill.count(),
    bonds: await p.bond.count(),
    disorders: await p.disorder.count(),
    selections: await p.activeProtagonist.count(),
    hero: await load(world.hero.id),
  };
}

export const load = (id: string) =>
  world.db.store.read((tx) => loadProtagonist(tx, world.hero.guildId, id));

export async function expectRefused(
  call: Promise<unknown>,
  kind: ServiceErrorKind,
  message?: RegExp | string,
): Promise<ServiceError> {
  // The call is running already: its refusal may come before `state()` does.
  call.catch(() => undefined);
  const before = await state();
  const error = await failure(call, kind);
  if (message !== undefined) expect(wordsOf(error)).toMatch(message);
  expect(await state()).toEqual(before);
  return error;
}

/** The problems an import was refused for. */
export function problemsOf(error: unknown): readonly ImportProblem[] {
  if (!(error instanceof ImportRefused)) throw new Error(`not an ImportRefused: ${String(error)}`);
  return error.problems;
}

export async function lastEvent() {
  return world.db.prisma.event.findFirstOrThrow({
    orderBy: { id: "desc" },
    include: { targets: true },
  });
}

/** A second guild in the same database, with its own campaign and Protagonist. */
export async function otherGuild() {
  const campaign = await world.services.campaigns.create({
    actor: gm({ guildId: OTHER_GUILD }),
    name: "Elsewhere",
  });
  const stranger = actor({ guildId: OTHER_GUILD });
  const created = await protagonists.create({
    actor: stranger,
    choices: choices({ name: "Far Away" }),
  });
  return { campaign, stranger, theirs: created.protagonist };
}
