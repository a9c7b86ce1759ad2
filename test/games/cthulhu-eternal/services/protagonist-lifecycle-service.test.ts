import { sheetChangeText } from "../../../../src/games/cthulhu-eternal/presentation/sheet-change-text.js";
import { rowLine } from "../../../support/event-lines.js";
import { describe, expect, it } from "vitest";
import { resolveProtagonist } from "../../../../src/games/cthulhu-eternal/services/active-protagonist.js";
import { resolveCampaign } from "../../../../src/games/cthulhu-eternal/services/campaign-access.js";
import type { ProtagonistService } from "../../../../src/games/cthulhu-eternal/services/protagonist-service.js";
import { actor, GM_USER, gm, OTHER_PLAYER, PLAYER } from "../../../support/fixtures.js";
import {
  OTHER_CHANNEL,
  world,
  protagonists,
  failure,
  load,
  expectRefused,
  lastEvent,
} from "./protagonist-service-support.js";

describe("selecting", () => {
  it("channel choice, then campaign choice, then the only active one", async () => {
    const second = await world.addProtagonist(PLAYER, { name: "Second Self" });
    const resolveIn = (channelId: string) =>
      Promise.resolve().then(async () => {
        const a = actor({ channelId });
        return (
          await world.db.store.read(async (tx) =>
            resolveProtagonist(tx, a, await resolveCampaign(tx, a)),
          )
        ).name;
      });
    // Two active and nothing chosen: the player must choose.
    await failure(resolveIn(OTHER_CHANNEL), "invalid");

    const campaignWide = await protagonists.select({
      actor: actor(),
      protagonistId: second.id,
      scope: "campaign",
    });
    expect(campaignWide).toMatchObject({ scope: "campaign", protagonist: { name: "Second Self" } });
    const event = await lastEvent();
    expect(event).toMatchObject({ kind: "protagonist-select", changed: false });
    expect(event.targets.map((t) => t.protagonistId)).toEqual([second.id]);

    await protagonists.select({ actor: actor(), protagonistId: world.hero.id, scope: "channel" });
    expect(await resolveIn(actor().channelId)).toBe("Dr. Miriam Vance");
    expect(await resolveIn(OTHER_CHANNEL)).toBe("Second Self");
    expect(
      (await protagonists.get({ actor: actor({ channelId: OTHER_CHANNEL }) })).protagonist.id,
    ).toBe(second.id);

    // Retiring the campaign-wide choice clears it; the only active one is used again.
    await protagonists.retire({ actor: actor(), protagonistId: second.id });
    expect(await resolveIn(OTHER_CHANNEL)).toBe("Dr. Miriam Vance");
  });

  it("players select their own; GMs any; never an inactive one", async () => {
    const theirs = await world.addProtagonist(OTHER_PLAYER, { name: "Not Yours" });
    await expectRefused(
      protagonists.select({ actor: actor(), protagonistId: theirs.id, scope: "campaign" }),
      "forbidden",
      "**Not Yours** is not yours. Only the player or a GM can do that.",
    );
    await protagonists.select({ actor: gm(), protagonistId: theirs.id, scope: "campaign" });
    const gmsChoice = await world.db.prisma.activeProtagonist.findFirstOrThrow({
      where: { userId: GM_USER },
    });
    expect(gmsChoice.protagonistId).toBe(theirs.id);
    await protagonists.retire({ actor: gm(), protagonistId: theirs.id });
    await expectRefused(
      protagonists.select({ actor: gm(), protagonistId: theirs.id, scope: "campaign" }),
      "invalid",
      "**Not Yours** is retired and can't be played.",
    );
  });

  it("refuses a channel choice in a channel of another campaign", async () => {
    const other = await world.services.campaigns.create({ actor: gm(), name: "Second" });
    await world.services.campaigns.bindChannel({
      actor: gm({ channelId: OTHER_CHANNEL }),
      campaignId: other.id,
    });
    await expectRefused(
      protagonists.select({
        actor: actor({ channelId: OTHER_CHANNEL }),
        protagonistId: world.hero.id,
        scope: "channel",
      }),
      "invalid",
      /This channel plays \*\*Second\*\*, but \*\*Dr\. Miriam Vance\*\* belongs to \*\*Night Floors\*\*/,
    );
    const wide = await protagonists.select({
      actor: actor({ channelId: OTHER_CHANNEL }),
      protagonistId: world.hero.id,
      scope: "campaign",
    });
    expect(wide.campaign.name).toBe("Night Floors");
  });
});

describe("editing", () => {
  const edit = (patch: Parameters<ProtagonistService["edit"]>[0]["patch"], who = actor()) =>
    protagonists.edit({ actor: who, protagonistId: world.hero.id, patch });

  async function loggedChange() {
    const event = await lastEvent();
    expect(event.kind).toBe("protagonist-edit");
    expect(event.changed).toBe(true);
    const before = (event.before as Record<string, unknown>)[world.hero.id];
    const after = (event.after as Record<string, unknown>)[world.hero.id];
    return { event, before, after };
  }

  it("renames, refusing a name taken in the campaign", async () => {
    const result = await edit({ name: "  Miriam Vance-Okafor " });
    expect(result.protagonist.name).toBe("Miriam Vance-Okafor");
    expect(result.changes.map(sheetChangeText)).toEqual([
      "renamed “Dr. Miriam Vance” → “Miriam Vance-Okafor”",
    ]);
    const { event, before, after } = await loggedChange();
    expect(before).toMatchObject({ name: "Dr. Miriam Vance" });
    expect(after).toMatchObject({ name: "Miriam Vance-Okafor" });
    expect(rowLine(event)).toBe(
      "Dr. Miriam Vance: renamed “Dr. Miriam Vance” → “Miriam Vance-Okafor”",
    );
    expect((await load(world.hero.id)).name).toBe("Miriam Vance-Okafor");

    await world.addProtagonist(OTHER_PLAYER, { name: "Taken" });
    await expectRefused(
      edit({ name: "taken" }),
      "conflict",
      /already has a Protagonist called \*\*Taken\*\*/,
    );
    await expectRefused(edit({ name: "" }), "invalid", "`name` can't be empty.");
  });

  it("sets notes up to 2000 characters", async () => {
    await edit({ notes: "Keeps a revolver in the desk.\nAfraid of deep water." });
    expect((await load(world.hero.id)).notes).toBe(
      "Keeps a revolver in the desk.\nAfraid of deep water.",
    );
    await expectRefused(
      edit({ notes: "x".repeat(2001) }),
      "invalid",
      "`notes` is longer than 2000 characters.",
    );
  });

  it("sets skill ratings and adds skills, a typed one only with a specialisation", async () => {
    const result = await edit({
      skills: [
        { name: "occult", rating: 60 },
        { name: "Art (Painting)", rating: 25 },
      ],
    });
    expect(result.changes.map(sheetChangeText)).toEqual([
      "Occult 50 → 60",
      "new skill Art (Painting) 25",
    ]);
    const after = await load(world.hero.id);
    expect(after.skills.find((s) => s.key === "occult")?.rating).toBe(60);
    expect(after.skills.find((s) => s.key === "art (painting)")).toMatchObject({
      name: "Art (Painting)",
      rating: 25,
      failureMarked: false,
    });
    expect(result.protagonist).toEqual(after);

    await expectRefused(
      edit({ skills: [{ name: "Art", rating: 30 }] }),
      "invalid",
      "Art needs a specialisation: write it in brackets, e.g. “Art (Something)”.",
    );
    await expectRefused(
      edit({ skills: [{ name: "Craft (Type)", rating: 30 }] }),
      "invalid",
      /Craft needs a specialisation/,
    );
    await expectRefused(
      edit({ skills: [{ name: "Basket Weaving", rating: 30 }] }),
      "invalid",
      "There is no skill called “Basket Weaving” in this campaign. Pick one from the list.",
    );
    await expectRefused(
      edit({ skills: [{ name: "Occult", rating: 100 }] }),
      "invalid",
      "`skills.0.rating` must be from 0 to 99.",
    );
  });

  it("raising Unnatural lowers Max SAN and SAN with it", async () => {
    const result = await edit({ skills: [{ name: "Unnatural", rating: 40 }] });
    expect(result.changes.map(sheetChangeText)).toEqual([
      "Unnatural 0 → 40",
      "Max SAN 99 → 59",
      "SAN 70 → 59",
    ]);
    expect((await load(world.hero.id)).san).toBe(59);
    await expectRefused(edit({ san: 60 }), "invalid", "`san` must be from 0 to 59 (Max SAN).");
  });

  it("changes stats and recomputes HP and WP max, keeping damage taken", async () => {
    await edit({ hp: 6, wp: 10 });
    const result = await edit({ stats: { STR: 14, POW: 12 } });
    expect(result.changes.map(sheetChangeText)).toEqual([
      "STR 10 → 14",
      "POW 14 → 12",
      "HP max 10 → 12",
      "WP max 14 → 12",
      "HP 6 → 8",
      "WP 10 → 8",
    ]);
    const after = await load(world.hero.id);
    expect(after).toMatchObject({ hpMax: 12, hp: 8, wpMax: 12, wp: 8 });
    expect(after.stats).toMatchObject({ STR: 14, POW: 12 });
    const { before, after: logged } = await loggedChange();
    expect(before).toMatchObject({ hpMax: 10, hp: 6, stats: { STR: 10 } });
    expect(logged).toMatchObject({ hpMax: 12, hp: 8, stats: { STR: 14 } });

    // Lower CHA lowers each individual Bond by as much.
    const cha = await edit({ stats: { CHA: 9 } });
    expect(cha.changes.map(sheetChangeText)).toEqual([
      "CHA 12 → 9",
      "Bond “Her brother Tom” 12 → 9 (CHA −3)",
    ]);

    await expectRefused(
      edit({ stats: { STR: 25 } }),
      "invalid",
      "`stats.STR` must be from 3 to 18.",
    );
    await expectRefused(
      edit({ stats: { DEX: 2 } }),
      "invalid",
      "`stats.DEX` must be from 3 to 18.",
    );
    await expectRefused(
      edit({ stats: { INT: 12.5 } }),
      "invalid",
      "`stats.INT` must be a whole number.",
    );
  });

  it("lowers every individual Bond by as much as CHA drops, breaking those it takes to 0", async () => {
    const tom = world.hero.bonds.find((b) => b.name === "Her brother Tom");
    await world.db.prisma.bond.update({ where: { id: tom?.id ?? "" }, data: { score: 8 } });
    await world.services.bonds.add({ actor: actor(), name: "Old flame", score: 2 });
    const result = await edit({ stats: { CHA: 9 } });
    expect(result.changes.map(sheetChangeText)).toEqual([
      "CHA 12 → 9",
      "Bond “Her brother Tom” 8 → 5 (CHA −3)",
      "Bond “Old flame” 2 → 0, broken (CHA −3)",
    ]);
    const bonds = Object.fromEntries(
      (await load(world.hero.id)).bonds.map((b) => [b.name, [b.score, b.crossedOff]]),
    );
    expect(bonds).toEqual({
      "Her brother Tom": [5, false],
      "Miskatonic University faculty": [3, false], // a community Bond does not follow CHA
      "Old flame": [0, true],
    });
    // Raising CHA again raises no Bond.
    expect((await edit({ stats: { CHA: 12 } })).changes.map(sheetChangeText)).toEqual([
      "CHA 9 → 12",
    ]);
  });

  it("sets current HP, WP and SAN within 0..max", async () => {
    const result = await edit({ hp: 3, wp: 0, san: 41 });
    expect(result.changes.map(sheetChangeText)).toEqual(["HP 10 → 3", "WP 14 → 0", "SAN 70 → 41"]);
    await expectRefused(edit({ hp: 11 }), "invalid", "`hp` must be from 0 to 10 (max HP).");
    await expectRefused(edit({ wp: -1 }), "invalid", "`wp` must be from 0 to 14 (max WP).");
    await expectRefused(edit({ san: 100 }), "invalid", "`san` must be from 0 to 99 (Max SAN).");
  });

  it("names the pending disorder a breaking point left, adds and cures disorders", async () => {
    await world.services.sanity.sanTest({ actor: actor(), loss: "20/20", threat: "violence" });
    const broken = await load(world.hero.id);
    const pending = broken.disorders[0];
    expect([pending?.name, pending?.threat]).toEqual(["", "violence"]);

    const renamed = await edit({
      disorders: {
        rename: [{ id: pending?.id ?? "", name: "Nightmares (Violence)" }],
        add: [{ name: "Fear of the dark", threat: "helplessness" }],
      },
    });
    expect(renamed.changes.map(sheetChangeText)).toEqual([
      "unnamed disorder named “Nightmares (Violence)”",
      "disorder “Fear of the dark” added",
    ]);
    const after = await load(world.hero.id);
    expect(after.disorders.map((d) => [d.name, d.threat, d.cured])).toEqual([
      ["Nightmares (Violence)", "violence", false],
      ["Fear of the dark", "helplessness", false],
    ]);
    const dark = after.disorders[1]?.id ?? "";
    await edit({ disorders: { cure: [dark] } });
    expect((await load(world.hero.id)).disorders[1]?.cured).toBe(true);
    await expectRefused(
      edit({ disorders: { cure: [dark] } }),
      "invalid",
      "“Fear of the dark” is already cured.",
    );
    await expectRefused(
      edit({ disorders: { cure: ["no-such-disorder"] } }),
      "invalid",
      "**Dr. Miriam Vance** has no such disorder. Pick one from the sheet.",
    );
  });

  it("lets only a GM change the status", async () => {
    await expectRefused(
      edit({ status: "dead" }),
      "forbidden",
      "Only a GM can change a Protagonist's status.",
    );
    const result = await edit({ status: "dead" }, gm());
    expect(result.changes.map(sheetChangeText)).toEqual(["status active → dead"]);
    expect((await load(world.hero.id)).status).toBe("dead");
    await expectRefused(
      edit({ status: "zombie" as "dead" }, gm()),
      "invalid",
      "`status` must be one of “active”, “dead”, “insane”, “retired”, “lost”.",
    );
  });

  it("sets the Resources rating with its breakdown, never more ticks than boxes", async () => {
    const raised = await edit({ resources: 14, resourcesChecked: 3 });
    expect(raised.changes.map(sheetChangeText)).toEqual([
      "Resources 5 → 14 (6 at hand, 6 stowed, 2 in storage; 3 check boxes)",
      "Resource check boxes ticked 0 → 3",
    ]);
    expect((await load(world.hero.id)).resources).toEqual({
      rating: 14,
      atHand: 6,
      stowed: 6,
      storage: 2,
      checked: 3,
    });
    await edit({ resources: 4 });
    expect((await load(world.hero.id)).resources).toEqual({
      rating: 4,
      atHand: 4,
      stowed: 0,
      storage: 0,
      checked: 1,
    });
    await expectRefused(
      edit({ resourcesChecked: 2 }),
      "invalid",
      "`resourcesChecked` must be from 0 to 1 (Resources 4 has 1).",
    );
    await expectRefused(edit({ resources: 100 }), "invalid", "`resources` must be from 0 to 99.");
  });

  it("refuses other players, empty and no-op patches, and unknown fields", async () => {
    await expectRefused(
      edit({ notes: "mine now" }, actor({ userId: OTHER_PLAYER })),
      "forbidden",
      "**Dr. Miriam Vance** is not yours. Only the player or a GM can do that.",
    );
    await expectRefused(edit({}), "invalid", "Say what to change.");
    await expectRefused(
      edit({ hp: 10 }),
      "invalid",
      "That changes nothing on **Dr. Miriam Vance**'s sheet.",
    );
    await expectRefused(
      edit({ hitPoints: 3 } as never),
      "invalid",
      "`patch` has unknown field “hitPoints”.",
    );
    // A GM may edit anyone's sheet.
    await edit({ notes: "GM note" }, gm());
    expect((await load(world.hero.id)).notes).toBe("GM note");
  });
});

describe("retiring", () => {
  it("retires, logs before/after, and comes back with undo", async () => {
    const result = await protagonists.retire({ actor: actor(), protagonistId: world.hero.id });
    expect(result.protagonist.status).toBe("retired");
    const event = await lastEvent();
    expect(event).toMatchObject({ id: result.eventId, kind: "protagonist-retire", changed: true });
    expect((await load(world.hero.id)).status).toBe("retired");

    await expectRefused(
      protagonists.retire({ actor: actor(), protagonistId: world.hero.id }),
      "invalid",
      "**Dr. Miriam Vance** is already retired.",
    );

    const undone = await world.services.history.undo({ actor: actor(), eventId: result.eventId });
    expect(undone.protagonists).toEqual(["Dr. Miriam Vance"]);
    expect(await load(world.hero.id)).toEqual(world.hero);
  });

  it("only its player or a GM retires a Protagonist", async () => {
    await expectRefused(
      protagonists.retire({ actor: actor({ userId: OTHER_PLAYER }), protagonistId: world.hero.id }),
      "forbidden",
    );
    await protagonists.retire({ actor: gm(), protagonistId: world.hero.id });
    expect((await load(world.hero.id)).status).toBe("retired");
  });
});
