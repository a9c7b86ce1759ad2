/**
 * Who may do what, for EVERY service entry point (a new one fails the coverage check until it is
 * placed here):
 *  - from another guild, even as its GM, this guild's ids are "not found" (nothing is leaked, not
 *    even that they exist), and lists and searches show nothing of this guild;
 *  - a player acting on another player's Protagonist, or asking for a GM action, is "forbidden";
 *  - what any member may read (sheets, lists, history) stays readable.
 * Nothing refused writes anything: the event log is unchanged by every refusal.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seededRng } from "../../../../src/core/rng.js";
import type { Actor } from "../../../../src/core/access/actor.js";
import { isServiceError } from "../../../../src/games/cthulhu-eternal/services/errors.js";
import type { Services } from "../../../../src/games/cthulhu-eternal/services/index.js";
import type { ProtagonistSnapshot } from "../../../../src/games/cthulhu-eternal/services/snapshot.js";
import { sampleChoices } from "../rules/creation/sample.js";
import {
  actor,
  gm,
  makeWorld,
  OTHER_GUILD,
  OTHER_PLAYER,
  PLAYER,
  type World,
} from "../../../support/fixtures.js";

/** A GM of the other guild (Manage Server there): rights everywhere, but only there. */
const foreignGm = (): Actor => gm({ guildId: OTHER_GUILD, userId: "300000000000000009" });
/** A player of this guild, with a Protagonist of their own, acting on PLAYER's. */
const otherPlayer = (): Actor => actor({ userId: OTHER_PLAYER });

interface Ids {
  hero: ProtagonistSnapshot;
  sidekick: ProtagonistSnapshot;
  campaignId: string;
  bondId: string;
  /** PLAYER's SAN test of the hero (projectable). */
  sanTestId: number;
  /** The GM's group SAN test of the hero and the sidekick (the first of its two events). */
  groupTestId: number;
  /** The sidekick's Bond the GM broke, and that change. */
  brokenBond: { eventId: number; bondId: string };
  /** PLAYER's HP change of the hero. */
  changeId: number;
  /** The shared-adversity test of the hero (GM's). */
  adversityTestId: number;
}

type Expectation = "not-found" | "forbidden" | "allowed" | "hides" | "refused";

interface Entry {
  /** From the other guild with this guild's ids. */
  readonly foreign: Expectation | "no ids";
  /** A plain player of this guild, acting on PLAYER's things or asking for a GM action. */
  readonly player: Expectation;
  readonly call: (services: Services, who: Actor, ids: Ids) => Promise<unknown>;
  /** For "hides": the answer holds nothing of this guild (or of PLAYER). */
  readonly leaks?: (result: unknown, ids: Ids) => boolean;
}

const mentionsHero = (result: unknown, ids: Ids): boolean =>
  JSON.stringify(result).includes(ids.hero.id) || JSON.stringify(result).includes(ids.campaignId);

const MATRIX: Readonly<Record<string, Readonly<Record<string, Entry>>>> = {
  campaigns: {
    create: {
      foreign: "no ids",
      player: "forbidden",
      call: (s, who) => s.campaigns.create({ actor: who, name: "A Second One" }),
    },
    list: {
      foreign: "hides",
      player: "allowed",
      call: (s, who) => s.campaigns.list({ actor: who }),
      leaks: mentionsHero,
    },
    current: {
      foreign: "not-found",
      player: "allowed",
      call: (s, who, ids) => s.campaigns.current({ actor: who, campaignId: ids.campaignId }),
    },
    currentForGm: {
      foreign: "not-found",
      player: "forbidden",
      call: (s, who, ids) => s.campaigns.currentForGm({ actor: who, campaignId: ids.campaignId }),
    },
    updateSettings: {
      foreign: "not-found",
      player: "forbidden",
      call: (s, who, ids) =>
        s.campaigns.updateSettings({ actor: who, campaignId: ids.campaignId, era: "future" }),
    },
    addGm: {
      foreign: "not-found",
      player: "forbidden",
      call: (s, who, ids) =>
        s.campaigns.addGm({
          actor: who,
          campaignId: ids.campaignId,
          kind: "user",
          discordId: OTHER_PLAYER,
        }),
    },
    removeGm: {
      foreign: "not-found",
      player: "forbidden",
      call: (s, who, ids) =>
        s.campaigns.removeGm({
          actor: who,
          campaignId: ids.campaignId,
          kind: "user",
          discordId: "300000000000000001",
        }),
    },
    bindChannel: {
      foreign: "not-found",
      player: "forbidden",
      call: (s, who, ids) => s.campaigns.bindChannel({ actor: who, campaignId: ids.campaignId }),
    },
  },
  campaignTransfer: {
    exportCampaign: {
      foreign: "not-found",
      player: "forbidden",
      call: (s, who, ids) =>
        s.campaignTransfer.exportCampaign({ actor: who, campaignId: ids.campaignId }),
    },
    importCampaign: {
      foreign: "no ids",
      // The guild has a campaign: another one needs Manage Server, as `create` does.
      player: "forbidden",
      call: async (s, who, ids) =>
        s.campaignTransfer.importCampaign({
          actor: who,
          json: JSON.stringify(
            await s.campaignTransfer.exportCampaign({ actor: gm(), campaignId: ids.campaignId }),
          ),
          name: "A Copy",
        }),
    },
  },
  protagonists: {
    list: {
      foreign: "not-found",
      player: "allowed",
      call: (s, who, ids) => s.protagonists.list({ actor: who, campaignId: ids.campaignId }),
    },
    get: {
      foreign: "not-found",
      player: "allowed",
      call: (s, who, ids) => s.protagonists.get({ actor: who, protagonistId: ids.hero.id }),
    },
    search: {
      foreign: "hides",
      player: "allowed",
      call: (s, who, ids) => s.protagonists.search({ actor: who, query: ids.hero.name }),
      leaks: mentionsHero,
    },
    skillsOf: {
      foreign: "not-found",
      player: "allowed",
      call: (s, who, ids) =>
        s.protagonists.skillsOf({ actor: who, protagonistId: ids.hero.id, query: "" }),
    },
    bondsOf: {
      foreign: "not-found",
      player: "allowed",
      call: (s, who, ids) =>
        s.protagonists.bondsOf({ actor: who, protagonistId: ids.hero.id, query: "" }),
    },
    creationCatalog: {
      foreign: "not-found",
      player: "allowed",
      call: (s, who, ids) =>
        s.protagonists.creationCatalog({ actor: who, campaignId: ids.campaignId }),
    },
    preview: {
      foreign: "not-found",
      player: "allowed",
      call: (s, who, ids) =>
        s.protagonists.preview({ actor: who, campaignId: ids.campaignId, draft: sampleChoices() }),
    },
    rollStats: {
      foreign: "not-found",
      player: "allowed",
      call: (s, who, ids) => s.protagonists.rollStats({ actor: who, campaignId: ids.campaignId }),
    },
    create: {
      foreign: "not-found",
      player: "forbidden",
      // For someone else: only a GM may.
      call: (s, who, ids) =>
        s.protagonists.create({
          actor: who,
          campaignId: ids.campaignId,
          choices: { ...sampleChoices(), name: "Made For Another" },
          ownerId: PLAYER,
        }),
    },
    select: {
      foreign: "not-found",
      player: "forbidden",
      call: (s, who, ids) =>
        s.protagonists.select({ actor: who, protagonistId: ids.hero.id, scope: "campaign" }),
    },
    edit: {
      foreign: "not-found",
      player: "forbidden",
      call: (s, who, ids) =>
        s.protagonists.edit({ actor: who, protagonistId: ids.hero.id, patch: { notes: "mine" } }),
    },
    retire: {
      foreign: "not-found",
      player: "forbidden",
      call: (s, who, ids) => s.protagonists.retire({ actor: who, protagonistId: ids.hero.id }),
    },
    exportJson: {
      foreign: "not-found",
      // The same sheet any member may read.
      player: "allowed",
      call: (s, who, ids) => s.protagonists.exportJson({ actor: who, protagonistId: ids.hero.id }),
    },
    exportForever: {
      foreign: "not-found",
      // The same sheet, in the web generator's format.
      player: "allowed",
      call: (s, who, ids) =>
        s.protagonists.exportForever({ actor: who, protagonistId: ids.hero.id }),
    },
    importJson: {
      foreign: "not-found",
      // A copy becomes the importer's own Protagonist; nothing of PLAYER's changes.
      player: "allowed",
      call: async (s, who, ids) => {
        const exported = await s.protagonists.exportJson({
          actor: gm(),
          protagonistId: ids.hero.id,
        });
        return s.protagonists.importJson({
          actor: who,
          campaignId: ids.campaignId,
          json: JSON.stringify(exported),
          name: who.guildId === OTHER_GUILD ? "Foreign Copy" : "Imported Copy",
        });
      },
    },
  },
  rolls: {
    opponents: {
      foreign: "no ids",
      player: "allowed",
      call: (s, who) => s.rolls.opponents({ actor: who }),
    },
    rollExpression: {
      foreign: "no ids",
      player: "allowed",
      call: (s, who) => s.rolls.rollExpression({ actor: who, expression: "1d6" }),
    },
    rollTest: {
      foreign: "not-found",
      player: "forbidden",
      call: (s, who, ids) =>
        s.rolls.rollTest({
          actor: who,
          protagonistId: ids.hero.id,
          subject: { kind: "skill", name: "Occult" },
        }),
    },
  },
  // Rolls outside the servers the bot is in: no actor, no ids, nothing stored.
  unloggedRolls: {
    rollExpression: {
      foreign: "no ids",
      player: "allowed",
      call: (s) => Promise.resolve(s.unloggedRolls.rollExpression({ expression: "1d6" })),
    },
    rollTest: {
      foreign: "no ids",
      player: "allowed",
      call: (s) => Promise.resolve(s.unloggedRolls.rollTest({ subject: { kind: "luck" } })),
    },
  },
  sanity: {
    sanTestStatus: {
      foreign: "not-found",
      player: "allowed",
      call: (s, who, ids) => s.sanity.sanTestStatus({ actor: who, eventId: ids.sanTestId }),
    },
    latestSanTest: {
      foreign: "not-found",
      player: "allowed",
      call: (s, who, ids) => s.sanity.latestSanTest({ actor: who, protagonistId: ids.hero.id }),
    },
    sanTest: {
      foreign: "not-found",
      player: "forbidden",
      call: (s, who, ids) =>
        s.sanity.sanTest({
          actor: who,
          protagonistIds: [ids.hero.id],
          loss: "1/1",
          threat: "unnatural",
        }),
    },
    project: {
      foreign: "not-found",
      player: "forbidden",
      call: (s, who, ids) =>
        s.sanity.project({ actor: who, eventId: ids.sanTestId, bondId: ids.bondId }),
    },
    repress: {
      foreign: "not-found",
      player: "forbidden",
      call: (s, who, ids) =>
        s.sanity.repress({ actor: who, protagonistId: ids.hero.id, bondId: ids.bondId }),
    },
    groupSanTestStatus: {
      foreign: "not-found",
      player: "allowed",
      call: (s, who, ids) =>
        s.sanity.groupSanTestStatus({ actor: who, firstEventId: ids.groupTestId, size: 2 }),
    },
    brokenBondPrompt: {
      foreign: "not-found",
      player: "forbidden",
      call: (s, who, ids) => s.sanity.brokenBondPrompt({ actor: who, brokenBond: ids.brokenBond }),
    },
    react: {
      foreign: "not-found",
      player: "forbidden",
      call: (s, who, ids) =>
        s.sanity.react({ actor: who, eventId: ids.sanTestId, reaction: "flee" }),
    },
    endEpisode: {
      foreign: "not-found",
      player: "forbidden",
      call: (s, who, ids) => s.sanity.endEpisode({ actor: who, eventId: ids.sanTestId }),
    },
  },
  history: {
    history: {
      foreign: "not-found",
      player: "allowed",
      call: (s, who, ids) => s.history.history({ actor: who, protagonistId: ids.hero.id }),
    },
    undoCandidate: {
      // "You have no change to undo here": refused without saying the event exists.
      foreign: "refused",
      // What a change was is in the history any member reads; undoing it is refused below.
      player: "allowed",
      call: (s, who, ids) => s.history.undoCandidate({ actor: who, eventId: ids.changeId }),
    },
    undo: {
      foreign: "not-found",
      player: "forbidden",
      call: (s, who, ids) => s.history.undo({ actor: who, eventId: ids.changeId }),
    },
    undoBackTo: {
      foreign: "not-found",
      player: "forbidden",
      call: (s, who, ids) =>
        s.history.undoBackTo({
          actor: who,
          eventId: ids.changeId,
          newestId: ids.changeId,
          size: 1,
        }),
    },
  },
  historyBrowsing: {
    historyNewer: {
      foreign: "not-found",
      player: "allowed",
      call: (s, who, ids) =>
        s.historyBrowsing.historyNewer({ actor: who, protagonistId: ids.hero.id, afterId: 1 }),
    },
    undoable: {
      foreign: "hides",
      player: "hides",
      call: (s, who) => s.historyBrowsing.undoable({ actor: who }),
      // Nobody is offered another player's change.
      leaks: (result, ids) =>
        (result as { id: number }[]).some((entry) => entry.id === ids.changeId),
    },
    undoPreview: {
      foreign: "not-found",
      player: "forbidden",
      call: (s, who, ids) => s.historyBrowsing.undoPreview({ actor: who, eventId: ids.changeId }),
    },
  },
  bonds: {
    add: {
      foreign: "not-found",
      player: "forbidden",
      call: (s, who, ids) =>
        s.bonds.add({
          actor: who,
          protagonistId: ids.hero.id,
          name: "A Stranger",
          kind: "individual",
        }),
    },
    damage: {
      foreign: "not-found",
      player: "forbidden",
      call: (s, who, ids) =>
        s.bonds.damage({ actor: who, protagonistId: ids.hero.id, bondId: ids.bondId, amount: 1 }),
    },
    improve: {
      foreign: "not-found",
      player: "forbidden",
      call: (s, who, ids) =>
        s.bonds.improve({ actor: who, protagonistId: ids.hero.id, bondId: ids.bondId, amount: 1 }),
    },
    destroy: {
      foreign: "not-found",
      player: "forbidden",
      call: (s, who, ids) =>
        s.bonds.destroy({ actor: who, protagonistId: ids.hero.id, bondId: ids.bondId }),
    },
    erase: {
      foreign: "not-found",
      player: "forbidden",
      call: (s, who, ids) =>
        s.bonds.erase({ actor: who, protagonistId: ids.hero.id, bondId: ids.bondId }),
    },
    list: {
      foreign: "not-found",
      player: "allowed",
      call: (s, who, ids) => s.bonds.list({ actor: who, protagonistId: ids.hero.id }),
    },
  },
  resources: {
    test: {
      foreign: "not-found",
      player: "forbidden",
      call: (s, who, ids) =>
        s.resources.test({ actor: who, protagonistId: ids.hero.id, where: "at-hand" }),
    },
    poolOffer: {
      foreign: "not-found",
      // Offering is open to any player: the offer names whose acceptance it waits for.
      player: "allowed",
      call: (s, who, ids) =>
        s.resources.poolOffer({
          actor: who,
          contributors: [
            { protagonistId: ids.sidekick.id, where: "at-hand" },
            { protagonistId: ids.hero.id, where: "at-hand" },
          ],
        }),
    },
    pool: {
      foreign: "not-found",
      player: "forbidden",
      call: (s, who, ids) =>
        s.resources.pool({
          actor: who,
          contributors: [
            { protagonistId: ids.sidekick.id, where: "at-hand" },
            { protagonistId: ids.hero.id, where: "at-hand" },
          ],
        }),
    },
    gain: {
      foreign: "not-found",
      player: "forbidden",
      // The GM decides an award (seed 000), even on one's own Protagonist.
      call: (s, who, ids) =>
        s.resources.gain({ actor: who, protagonistId: ids.sidekick.id, amount: 1 }),
    },
    lose: {
      foreign: "not-found",
      player: "forbidden",
      // A GM's call, even on one's own Protagonist.
      call: (s, who, ids) =>
        s.resources.lose({ actor: who, protagonistId: ids.sidekick.id, amount: 1 }),
    },
    check: {
      foreign: "not-found",
      player: "forbidden",
      call: (s, who, ids) => s.resources.check({ actor: who, protagonistId: ids.hero.id }),
    },
    uncheck: {
      foreign: "not-found",
      player: "forbidden",
      call: (s, who, ids) => s.resources.uncheck({ actor: who, protagonistId: ids.hero.id }),
    },
    replenish: {
      foreign: "not-found",
      player: "forbidden",
      call: (s, who, ids) => s.resources.replenish({ actor: who, protagonistIds: [ids.hero.id] }),
    },
    status: {
      foreign: "not-found",
      player: "allowed",
      call: (s, who, ids) => s.resources.status({ actor: who, protagonistId: ids.hero.id }),
    },
  },
  harm: {
    hp: {
      foreign: "not-found",
      player: "forbidden",
      call: (s, who, ids) =>
        s.harm.hp({ actor: who, protagonistId: ids.hero.id, action: "damage", amount: 1 }),
    },
    wp: {
      foreign: "not-found",
      player: "forbidden",
      call: (s, who, ids) =>
        s.harm.wp({ actor: who, protagonistId: ids.hero.id, action: "damage", amount: 1 }),
    },
    lethality: {
      foreign: "not-found",
      player: "forbidden",
      call: (s, who, ids) =>
        s.harm.lethality({ actor: who, protagonistId: ids.hero.id, rating: 10 }),
    },
    exhaust: {
      foreign: "not-found",
      player: "forbidden",
      call: (s, who, ids) => s.harm.exhaust({ actor: who, protagonistId: ids.hero.id }),
    },
    rest: {
      foreign: "not-found",
      player: "forbidden",
      call: (s, who, ids) => s.harm.rest({ actor: who, protagonistId: ids.hero.id }),
    },
  },
  session: {
    endSession: {
      foreign: "not-found",
      player: "forbidden",
      call: (s, who, ids) => s.session.endSession({ actor: who, campaignId: ids.campaignId }),
    },
  },
  downtime: {
    pendingSharedAdversity: {
      foreign: "not-found",
      player: "forbidden",
      call: (s, who, ids) =>
        s.downtime.pendingSharedAdversity({ actor: who, testEventId: ids.adversityTestId }),
    },
    recoverSan: {
      foreign: "not-found",
      player: "forbidden",
      call: (s, who, ids) =>
        s.downtime.recoverSan({ actor: who, protagonistId: ids.hero.id, amount: 1 }),
    },
    sharedAdversityTest: {
      foreign: "not-found",
      player: "forbidden",
      call: (s, who, ids) =>
        s.downtime.sharedAdversityTest({ actor: who, survivorIds: [ids.hero.id, ids.sidekick.id] }),
    },
    applySharedAdversity: {
      foreign: "not-found",
      player: "forbidden",
      call: (s, who, ids) =>
        s.downtime.applySharedAdversity({ actor: who, testEventId: ids.adversityTestId }),
    },
  },
};

let world: World;
let ids: Ids;

beforeAll(async () => {
  world = await makeWorld(seededRng(3));
  const { services } = world;
  await services.campaigns.create({ actor: foreignGm(), name: "Elsewhere" });
  const sidekick = await world.addProtagonist(OTHER_PLAYER, { name: "Sidekick" });
  const [groupTest] = await services.sanity.sanTest({
    actor: gm(),
    protagonistIds: [world.hero.id, sidekick.id],
    loss: "0/1",
    threat: "violence",
    group: true,
  });
  const sidekickBond = sidekick.bonds[0]?.id ?? "";
  const broken = await services.bonds.damage({
    actor: gm(),
    protagonistId: sidekick.id,
    bondId: sidekickBond,
    amount: 99,
  });
  const [sanTest] = await services.sanity.sanTest({
    actor: actor(),
    protagonistIds: [world.hero.id],
    loss: "1/1",
    threat: "unnatural",
  });
  const change = await services.harm.hp({
    actor: actor(),
    protagonistId: world.hero.id,
    action: "damage",
    amount: 1,
  });
  const [adversity] = await services.downtime.sharedAdversityTest({
    actor: gm(),
    survivorIds: [world.hero.id, sidekick.id],
  });
  const bondId = world.hero.bonds[0]?.id;
  if (
    sanTest === undefined ||
    groupTest === undefined ||
    adversity === undefined ||
    bondId === undefined
  ) {
    throw new Error("the setup made a SAN test, an adversity test and has Bonds");
  }
  ids = {
    hero: world.hero,
    sidekick,
    campaignId: world.campaignId,
    bondId,
    sanTestId: sanTest.eventId,
    groupTestId: groupTest.eventId,
    brokenBond: { eventId: broken.eventId, bondId: sidekickBond },
    changeId: change.eventId,
    adversityTestId: adversity.eventId,
  };
});

afterAll(() => world.dispose());

/** Rows of every table that a refusal must leave alone (the log and the sheets). */
async function footprint(): Promise<string> {
  const [events, protagonists, bonds, campaigns, gms] = await Promise.all([
    world.db.prisma.event.count(),
    world.db.prisma.protagonist.findMany({ orderBy: { id: "asc" } }),
    world.db.prisma.bond.findMany({ orderBy: { id: "asc" } }),
    world.db.prisma.campaign.findMany({ orderBy: { id: "asc" } }),
    world.db.prisma.campaignGm.findMany({ orderBy: { discordId: "asc" } }),
  ]);
  return JSON.stringify({ events, protagonists, bonds, campaigns, gms });
}

async function outcomeOf(promise: Promise<unknown>): Promise<{ kind: string; value?: unknown }> {
  try {
    return { kind: "allowed", value: await promise };
  } catch (error) {
    if (isServiceError(error)) return { kind: error.kind };
    throw error;
  }
}

const cases = Object.entries(MATRIX).flatMap(([service, methods]) =>
  Object.entries(methods).map(([method, entry]) => ({ name: `${service}.${method}`, entry })),
);

describe("authority matrix", () => {
  it("covers every entry point of every service", () => {
    const covered = new Set(cases.map((c) => c.name));
    const all = Object.entries(world.services).flatMap(([service, methods]) =>
      Object.keys(methods as object).map((method) => `${service}.${method}`),
    );
    expect(all.filter((name) => !covered.has(name))).toEqual([]);
  });

  it.each(cases.filter((c) => c.entry.foreign !== "no ids"))(
    "$name: from another guild, this guild's ids are not found (or hidden)",
    async ({ entry }) => {
      const before = await footprint();
      const outcome = await outcomeOf(entry.call(world.services, foreignGm(), ids));
      if (entry.foreign === "hides") {
        expect(outcome.kind).toBe("allowed");
        expect(entry.leaks?.(outcome.value, ids)).toBe(false);
      } else if (entry.foreign === "refused") {
        expect(["not-found", "invalid"]).toContain(outcome.kind);
        expect(await footprint()).toBe(before);
      } else {
        expect(outcome.kind).toBe("not-found");
        expect(await footprint()).toBe(before);
      }
    },
  );

  it.each(cases)("$name: a player acting on another's, or as a GM", async ({ entry }) => {
    const before = await footprint();
    const outcome = await outcomeOf(entry.call(world.services, otherPlayer(), ids));
    if (entry.player === "hides") {
      expect(outcome.kind).toBe("allowed");
      expect(entry.leaks?.(outcome.value, ids)).toBe(false);
    } else {
      expect(outcome.kind).toBe(entry.player);
    }
    if (entry.player === "forbidden") expect(await footprint()).toBe(before);
  });

  // Last: the GM's calls change the table. A refusal here may only be about the state (already
  // projected, out of play…), never about who asks: the "forbidden" above is about the player.
  it.each(cases.filter((c) => c.entry.player === "forbidden"))(
    "$name: this guild's GM may",
    async ({ entry }) => {
      const outcome = await outcomeOf(entry.call(world.services, gm(), ids));
      expect(["forbidden", "not-found"]).not.toContain(outcome.kind);
    },
  );
});
