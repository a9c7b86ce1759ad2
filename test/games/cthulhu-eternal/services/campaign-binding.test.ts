/**
 * Which campaign a request plays, and who may change that: a thread plays its own binding, else
 * its parent channel's; an event about a Protagonist belongs to the Protagonist's campaign
 * whatever the channel; taking a bound channel or the server default from a campaign needs
 * rights over that campaign; and of several members creating the server's first campaign at
 * once, only one does.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Actor } from "../../../../src/core/access/actor.js";
import { isServiceError } from "../../../../src/games/cthulhu-eternal/services/errors.js";
import { buildProtagonist } from "../../../../src/games/cthulhu-eternal/rules/creation/index.js";
import { insertProtagonist } from "../../../../src/games/cthulhu-eternal/services/protagonist-factory.js";
import { sampleChoices } from "../rules/creation/sample.js";
import { percentileFaces, queuedRng } from "../../../support/dice.js";
import {
  actor,
  CHANNEL,
  gm,
  GM_USER,
  GUILD,
  makeWorld,
  OTHER_GUILD,
  OTHER_PLAYER,
  PLAYER,
  type World,
} from "../../../support/fixtures.js";
import { refusal } from "../../../support/refusal-words.js";

/** Campaign "Harbour Lights", bound to its own channel, run by its own GM. */
const HARBOUR_CHANNEL = "200000000000000002";
const HARBOUR_GM = "300000000000000007";
const THREAD = "200000000000000003";

let world: World;
let rng: ReturnType<typeof queuedRng>;
let harbourId: string;

/** The default campaign's GM, by its GM list only (no Manage Server). */
const nightGm = (overrides: Partial<Actor> = {}) => actor({ userId: GM_USER, ...overrides });
const harbourGm = (overrides: Partial<Actor> = {}) =>
  actor({ userId: HARBOUR_GM, channelId: HARBOUR_CHANNEL, ...overrides });

beforeEach(async () => {
  rng = queuedRng();
  world = await makeWorld(rng);
  const harbour = await world.services.campaigns.create({
    actor: gm({ userId: HARBOUR_GM, channelId: HARBOUR_CHANNEL }),
    name: "Harbour Lights",
  });
  harbourId = harbour.id;
  await world.services.campaigns.bindChannel({ actor: harbourGm(), campaignId: harbourId });
});
afterEach(() => world.dispose());

async function kindOf(call: Promise<unknown>): Promise<string> {
  try {
    await call;
    return "allowed";
  } catch (error) {
    if (isServiceError(error)) return error.kind;
    throw error;
  }
}

/** A Protagonist of PLAYER in the given campaign. */
function addProtagonist(campaignId: string, name: string) {
  const choices = { ...sampleChoices(), name };
  return world.db.store.transaction((tx) =>
    insertProtagonist(tx, {
      guildId: GUILD,
      campaignId,
      ownerId: PLAYER,
      sheet: buildProtagonist(choices),
      creation: choices,
    }),
  );
}

async function eventOf(id: number) {
  return world.db.prisma.event.findUniqueOrThrow({ where: { id } });
}

describe("threads", () => {
  const inThread = (parent: string, overrides: Partial<Actor> = {}) =>
    actor({ channelId: THREAD, threadParentId: parent, ...overrides });

  it("a thread plays its parent channel's campaign", async () => {
    const campaign = await world.services.campaigns.current({ actor: inThread(HARBOUR_CHANNEL) });
    expect(campaign.name).toBe("Harbour Lights");
  });

  it("a thread of an unbound channel plays the default campaign", async () => {
    const campaign = await world.services.campaigns.current({ actor: inThread(CHANNEL) });
    expect(campaign.name).toBe("Night Floors");
  });

  it("a thread's own binding comes before its parent's", async () => {
    await world.services.campaigns.bindChannel({
      actor: inThread(HARBOUR_CHANNEL, { userId: GM_USER, canManageGuild: true }),
      campaignId: world.campaignId,
    });
    const campaign = await world.services.campaigns.current({ actor: inThread(HARBOUR_CHANNEL) });
    expect(campaign.name).toBe("Night Floors");
    const parent = await world.services.campaigns.current({ actor: harbourGm() });
    expect(parent.name).toBe("Harbour Lights");
  });

  it("a thread plays the Protagonist chosen for its parent channel", async () => {
    const [, diver] = await Promise.all(
      ["Keeper Hale", "Diver Moss"].map((name) => addProtagonist(harbourId, name)),
    );
    const inHarbour = actor({ channelId: HARBOUR_CHANNEL });
    await world.services.protagonists.select({
      actor: inHarbour,
      protagonistId: diver?.id ?? "",
      scope: "channel",
    });
    const played = await world.services.protagonists.get({ actor: inThread(HARBOUR_CHANNEL) });
    expect(played.protagonist.name).toBe("Diver Moss");
  });

  it("a GM of the default campaign can't take a thread of another campaign's channel", async () => {
    const refused = world.services.campaigns.bindChannel({
      actor: inThread(HARBOUR_CHANNEL, { userId: GM_USER }),
      campaignId: world.campaignId,
    });
    await expect(refusal(refused)).resolves.toMatch(/This channel plays \*\*Harbour Lights\*\*/);
  });
});

describe("an event about a Protagonist belongs to its campaign, whatever the channel", () => {
  /** The hero's player, rolling in Harbour Lights' channel. */
  const playerInHarbour = () => actor({ channelId: HARBOUR_CHANNEL });

  beforeEach(async () => {
    // Night Floors is in its third session and ticks no failure marks; Harbour Lights ticks them.
    await world.db.prisma.campaign.update({
      where: { id: world.campaignId },
      data: { sessionNumber: 3 },
    });
    await world.services.campaigns.updateSettings({
      actor: nightGm(),
      rules: { failureMarks: false },
    });
  });

  it("a skill test is logged in the Protagonist's campaign, under its rules", async () => {
    rng.queue(...percentileFaces(95));
    const result = await world.services.rolls.rollTest({
      actor: playerInHarbour(),
      protagonistId: world.hero.id,
      subject: { kind: "skill", name: "Occult" },
    });
    expect(result.test.outcome).toBe("failure");
    expect(result.marked).toBe(false);
    const event = await eventOf(result.eventId);
    expect({ campaignId: event.campaignId, session: event.sessionNumber }).toEqual({
      campaignId: world.campaignId,
      session: 3,
    });
  });

  it("a stat test and a SAN test too", async () => {
    rng.queue(...percentileFaces(10));
    const stat = await world.services.rolls.rollTest({
      actor: playerInHarbour(),
      protagonistId: world.hero.id,
      subject: { kind: "stat", stat: "POW" },
    });
    rng.queue(...percentileFaces(10));
    const [san] = await world.services.sanity.sanTest({
      actor: playerInHarbour(),
      protagonistIds: [world.hero.id],
      loss: "0/1",
      threat: "unnatural",
    });
    for (const id of [stat.eventId, san?.eventId ?? 0]) {
      expect((await eventOf(id)).campaignId).toBe(world.campaignId);
    }
  });

  it("so is a repression, and only the Protagonist's campaign's GM may undo it", async () => {
    const bondId = world.hero.bonds[0]?.id ?? "";
    rng.queue(2, ...percentileFaces(10));
    const repressed = await world.services.sanity.repress({
      actor: playerInHarbour(),
      protagonistId: world.hero.id,
      bondId,
    });
    const event = await eventOf(repressed.eventId);
    expect({ campaignId: event.campaignId, session: event.sessionNumber }).toEqual({
      campaignId: world.campaignId,
      session: 3,
    });
    expect(
      await kindOf(world.services.history.undo({ actor: harbourGm(), eventId: event.id })),
    ).toBe("forbidden");
    expect(await kindOf(world.services.history.undo({ actor: nightGm(), eventId: event.id }))).toBe(
      "allowed",
    );
  });

  it("a GM of another campaign can't undo a change logged there before this was fixed", async () => {
    // An old database: a test of the hero logged in Harbour Lights' campaign.
    rng.queue(...percentileFaces(95));
    await world.services.campaigns.updateSettings({
      actor: nightGm(),
      rules: { failureMarks: true },
    });
    const marked = await world.services.rolls.rollTest({
      actor: actor(),
      protagonistId: world.hero.id,
      subject: { kind: "skill", name: "Occult" },
    });
    await world.db.prisma.event.update({
      where: { id: marked.eventId },
      data: { campaignId: harbourId },
    });
    expect(
      await kindOf(world.services.history.undo({ actor: harbourGm(), eventId: marked.eventId })),
    ).toBe("forbidden");
  });
});

describe("rights over what is taken", () => {
  it("rebinding a channel bound to another campaign needs rights over that campaign", async () => {
    const takeover = world.services.campaigns.bindChannel({
      actor: nightGm({ channelId: HARBOUR_CHANNEL }),
      campaignId: world.campaignId,
    });
    await expect(refusal(takeover)).resolves.toMatch(/This channel plays \*\*Harbour Lights\*\*/);
    expect((await world.services.campaigns.current({ actor: harbourGm() })).name).toBe(
      "Harbour Lights",
    );
  });

  it("a GM of both campaigns, or Manage Server, may rebind it", async () => {
    await world.services.campaigns.addGm({
      actor: harbourGm(),
      kind: "user",
      discordId: GM_USER,
    });
    const moved = await world.services.campaigns.bindChannel({
      actor: nightGm({ channelId: HARBOUR_CHANNEL }),
      campaignId: world.campaignId,
    });
    expect(moved.channels).toContain(HARBOUR_CHANNEL);
    const back = await world.services.campaigns.bindChannel({
      actor: gm({ userId: OTHER_PLAYER, channelId: HARBOUR_CHANNEL }),
      campaignId: harbourId,
    });
    expect(back.channels).toContain(HARBOUR_CHANNEL);
  });

  it("any GM of a campaign may bind a channel no campaign is bound to", async () => {
    const bound = await world.services.campaigns.bindChannel({
      actor: harbourGm({ channelId: "200000000000000009" }),
      campaignId: harbourId,
    });
    expect(bound.channels).toContain("200000000000000009");
  });

  it("taking the server default from another campaign needs rights over it", async () => {
    const taken = world.services.campaigns.updateSettings({
      actor: harbourGm(),
      campaignId: harbourId,
      makeDefault: true,
    });
    await expect(refusal(taken)).resolves.toMatch(
      /\*\*Night Floors\*\* is the server's default campaign/,
    );
    const campaigns = await world.services.campaigns.list({ actor: harbourGm() });
    expect(campaigns.filter((c) => c.isDefault).map((c) => c.name)).toEqual(["Night Floors"]);
    await world.services.campaigns.addGm({ actor: nightGm(), kind: "user", discordId: HARBOUR_GM });
    const made = await world.services.campaigns.updateSettings({
      actor: harbourGm(),
      campaignId: harbourId,
      makeDefault: true,
    });
    expect(made.isDefault).toBe(true);
  });
});

describe("the server's first campaign", () => {
  const NEW_GUILD = OTHER_GUILD;
  const member = (userId: string): Actor => actor({ guildId: NEW_GUILD, userId });

  it("of several members creating it at once, one does; the others are refused", async () => {
    const names = ["First Light", "Second Wind", "Third Eye", "Fourth Wall"];
    const results = await Promise.all(
      names.map((name, i) =>
        kindOf(world.services.campaigns.create({ actor: member(`30000000000000010${i}`), name })),
      ),
    );
    expect(results.filter((r) => r === "allowed")).toHaveLength(1);
    expect(results.filter((r) => r === "forbidden")).toHaveLength(names.length - 1);
    const campaigns = await world.db.prisma.campaign.findMany({ where: { guildId: NEW_GUILD } });
    expect(campaigns).toHaveLength(1);
    expect(campaigns[0]?.isDefault).toBe(true);
  });
});
