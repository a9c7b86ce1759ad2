import { wordsOf } from "../../../support/refusal-words.js";
import { rowLine } from "../../../support/event-lines.js";
import { describe, expect, it } from "vitest";
import { validateCreation } from "../../../../src/games/cthulhu-eternal/rules/creation/index.js";
import { creationViolationText } from "../../../../src/games/cthulhu-eternal/presentation/creation-violations.js";
import { resolveProtagonist } from "../../../../src/games/cthulhu-eternal/services/active-protagonist.js";
import { resolveCampaign } from "../../../../src/games/cthulhu-eternal/services/campaign-access.js";
import { sampleChoices } from "../rules/creation/sample.js";
import { actor, gm, OTHER_PLAYER } from "../../../support/fixtures.js";
import {
  world,
  protagonists,
  choices,
  failure,
  state,
  expectRefused,
  lastEvent,
} from "./protagonist-service-support.js";

describe("creation", () => {
  it("previews a draft under the campaign's era and rules, writing nothing", async () => {
    const before = await state();
    const preview = await protagonists.preview({
      actor: actor(),
      draft: { name: "Half Done", archetypeId: "researcher-scientist", bonusSkills: ["Occult"] },
    });
    expect(preview.era).toBe("modern");
    expect(preview.archetype?.name).toBe("Researcher / Scientist");
    expect(preview.picks.remaining).toBe(9);
    expect(preview.derived).toBeNull();
    expect(preview.violations).toEqual([]);
    expect(await state()).toEqual(before);
  });

  it("previews and creates with the campaign's custom archetypes and skills", async () => {
    await world.db.prisma.campaign.update({
      where: { id: world.campaignId },
      data: {
        customContent: {
          archetypes: [
            {
              id: "drifter",
              name: "Drifter",
              era: "modern",
              skills: [{ skill: "Sailing", rating: 40 }],
              optionalSkillCount: 0,
              optionalSkills: [],
              resources: 2,
              bonds: 1,
            },
          ],
          skills: [{ name: "Sailing", base: 5 }],
        },
      },
    });
    const catalog = await protagonists.creationCatalog({ actor: actor() });
    expect(catalog.archetypes.map((a) => a.id)).toContain("drifter");
    expect(catalog.skills.map((s) => s.name)).toContain("Sailing");
    const drifter = choices({
      name: "Salt",
      archetypeId: "drifter",
      archetypeSpecialisations: {},
      optionalSkills: [],
      bonds: [{ name: "The road crew", kind: "community" }],
    });
    const preview = await protagonists.preview({ actor: actor(), draft: drifter });
    expect(preview.violations).toEqual([]);
    expect(preview.skills.find((s) => s.name === "Sailing")?.rating).toBe(40);
    const { protagonist } = await protagonists.create({ actor: actor(), choices: drifter });
    expect(protagonist.archetype).toBe("Drifter");
  });

  it("reports broken custom content instead of ignoring it", async () => {
    await world.db.prisma.campaign.update({
      where: { id: world.campaignId },
      data: { customContent: { skills: [{ name: "Sailing", base: 500 }] } },
    });
    const error = await failure(protagonists.preview({ actor: actor(), draft: {} }), "invalid");
    expect(wordsOf(error)).toMatch(
      /custom archetypes\/skills of \*\*Night Floors\*\*.*skills\.0\.base/,
    );
  });

  it("lets a bonus pick raise Unnatural unless the campaign keeps Delta Green's rule", async () => {
    const withUnnatural = choices({
      bonusSkills: [...sampleChoices().bonusSkills.slice(0, 9), "Unnatural"],
    });
    await world.services.campaigns.updateSettings({
      actor: gm(),
      rules: { unnaturalBonusPicks: false },
    });
    await expectRefused(
      protagonists.create({ actor: actor({ userId: OTHER_PLAYER }), choices: withUnnatural }),
      "invalid",
      /does not let bonus picks raise Unnatural at creation/,
    );
    await world.services.campaigns.updateSettings({
      actor: gm(),
      rules: { unnaturalBonusPicks: true },
    });
    const { protagonist } = await protagonists.create({
      actor: actor({ userId: OTHER_PLAYER }),
      choices: withUnnatural,
    });
    expect(protagonist.skills.find((s) => s.name === "Unnatural")?.rating).toBe(20);
  });

  it("creates a Protagonist, logs it and makes it the player's active one", async () => {
    const result = await protagonists.create({
      actor: actor({ userId: OTHER_PLAYER }),
      choices: choices(),
    });
    const { protagonist } = result;
    expect(protagonist).toMatchObject({
      name: "Agent Reyes",
      ownerId: OTHER_PLAYER,
      campaignId: world.campaignId,
      status: "active",
      hp: 10,
      wp: 14,
      san: 70,
      resources: { rating: 5, atHand: 5, stowed: 0, storage: 0, checked: 0 },
    });
    expect(result.selected).toBe(true);
    const event = await lastEvent();
    expect(event).toMatchObject({ id: result.eventId, kind: "protagonist-create", changed: false });
    expect(event.targets.map((t) => t.protagonistId)).toEqual([protagonist.id]);
    expect(event.dice).toMatchObject({ name: "Agent Reyes", stats: { INT: 15 } });
    const row = await world.db.prisma.protagonist.findUniqueOrThrow({
      where: { id: protagonist.id },
    });
    expect(row.creation).toMatchObject({ name: "Agent Reyes", era: "modern" });
    const a = actor({ userId: OTHER_PLAYER });
    const chosen = await world.db.store.read(async (tx) =>
      resolveProtagonist(tx, a, await resolveCampaign(tx, a)),
    );
    expect(chosen.id).toBe(protagonist.id);

    // A second one does not take over the selection.
    const second = await protagonists.create({
      actor: actor({ userId: OTHER_PLAYER }),
      choices: choices({ name: "Agent Diaz" }),
    });
    expect(second.selected).toBe(false);
  });

  it("lists every violation in the player's words and creates nothing", async () => {
    const bad = choices({
      stats: {
        method: "set",
        set: "focused",
        assignment: { STR: 25, DEX: 11, CON: 10, INT: 15, POW: 14, CHA: 12 },
      },
      bonds: [],
    });
    const error = await expectRefused(
      protagonists.create({ actor: actor(), choices: bad }),
      "invalid",
      /^This Protagonist can't be created yet:\n- /,
    );
    const expected = validateCreation(bad).violations;
    expect(expected.length).toBeGreaterThan(1);
    for (const v of expected) expect(wordsOf(error)).toContain(creationViolationText(v));
  });

  it("names the field of choices that are not even the right shape", async () => {
    await expectRefused(
      protagonists.create({
        actor: actor(),
        choices: { ...choices(), stats: { method: "points", assignment: { STR: "ten" } } },
      }),
      "invalid",
      "`choices.stats.assignment.STR` must be a number.",
    );
  });

  it("refuses a name already used in the campaign, whatever its case", async () => {
    await expectRefused(
      protagonists.create({ actor: actor(), choices: choices({ name: "DR. MIRIAM VANCE" }) }),
      "conflict",
      "**Night Floors** already has a Protagonist called **Dr. Miriam Vance**. Choose another name.",
    );
  });

  it("lets only a GM create for another player", async () => {
    await expectRefused(
      protagonists.create({ actor: actor(), choices: choices(), ownerId: OTHER_PLAYER }),
      "forbidden",
      /Only a GM of \*\*Night Floors\*\*/,
    );
    const made = await protagonists.create({
      actor: gm(),
      choices: choices(),
      ownerId: OTHER_PLAYER,
    });
    expect(made.protagonist.ownerId).toBe(OTHER_PLAYER);
    expect(made.selected).toBe(true);
    expect(rowLine(await lastEvent())).toBe(
      `created Agent Reyes (Researcher / Scientist) for <@${OTHER_PLAYER}>`,
    );
  });

  it("rolls stats, logs the dice, and links them to a Protagonist made from them", async () => {
    const rolled = await protagonists.rollStats({ actor: actor() });
    expect(rolled.rolls).toHaveLength(6);
    for (const roll of rolled.rolls) {
      expect(roll.dice).toHaveLength(4);
      expect(roll.total).toBeGreaterThanOrEqual(3);
      expect(roll.total).toBeLessThanOrEqual(18);
    }
    const event = await lastEvent();
    expect(event).toMatchObject({ id: rolled.eventId, kind: "stat-roll", changed: false });
    expect(rowLine(event)).toBe(`rolled stats (4D6 drop lowest): ${rolled.totals.join(", ")}`);

    const [STR, DEX, CON, INT, POW, CHA] = rolled.totals as [
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    const made = await protagonists.create({
      actor: actor(),
      choices: choices({
        stats: {
          method: "rolled",
          rolls: rolled.totals,
          assignment: { STR, DEX, CON, INT, POW, CHA },
        },
      }),
    });
    expect(made.protagonist.stats).toEqual({ STR, DEX, CON, INT, POW, CHA });
    expect((await lastEvent()).input).toMatchObject({ statRollEventId: rolled.eventId });
  });
});
