/**
 * A sheet that uses every module travels whole: export carries each module's part (training by
 * skill name, not by database id) and import gives it to the new Protagonist, on its new ids. A
 * campaign travels with each module's switch, settings and catalogue.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { extraModules } from "../../../../commands/cthulhu-eternal/index.js";
import { extensionPointsOf } from "../../../../src/games/cthulhu-eternal/extras/registry.js";
import { actor, gm, makeWorld, OTHER_GUILD, type World } from "../../../support/fixtures.js";
import { seededRng } from "../../../../src/core/rng.js";
import { createExtrasService } from "../../../../src/games/cthulhu-eternal/extras/extras-service.js";
import { entitiesExtra } from "../../../../src/games/cthulhu-eternal/extras/entities/index.js";
import { gearExtra } from "../../../../src/games/cthulhu-eternal/extras/gear/index.js";
import { substancesExtra } from "../../../../src/games/cthulhu-eternal/extras/substances/index.js";
import { stateOf } from "../../../support/service-world.js";

let world: World;
beforeEach(async () => {
  world = await makeWorld(undefined, undefined, undefined, extensionPointsOf(extraModules));
});
afterEach(() => world.dispose());

describe("export and import with the Extras", () => {
  it("round-trips every module's part of the sheet, a corrupted one included", async () => {
    const [trained] = world.hero.skills;
    if (!trained) throw new Error("the sample sheet has no skills");
    const extras = {
      training: {
        skills: { [trained.id]: { sessions: 7, failedAt: null } },
        talents: [{ name: "Keen Eye", skill: trained.name, approved: true }],
      },
      advancement: { beforeSession: 2, checks: 1 },
      crafting: {
        projects: [
          { name: "Lantern", skill: trained.name, complexity: 50, progress: 20, done: false },
        ],
      },
      substances: { dependencies: [{ substance: "Laudanum", relieved: false }] },
      corruption: { HP: 2, WP: 0, SAN: 5, stats: { POW: 1 } },
      gear: {
        weapons: [
          {
            name: "Revolver",
            skill: "Firearms",
            harm: { kind: "dice", dice: "1D10" },
            range: "far",
            type: "piercing",
          },
        ],
        armour: [{ name: "Vest", protection: 3, fragile: true, heavy: false }],
        periodic: [{ name: "Burning", dice: "1D4" }],
      },
    };
    // The sheet as corruption left it: HP max −2, POW −1 (and WP max with it).
    const { hero } = world;
    const pow = hero.stats.POW - 1;
    await world.db.prisma.protagonist.update({
      where: { id: hero.id },
      data: {
        extras,
        hpMax: hero.hpMax - 2,
        hp: Math.min(hero.hp, hero.hpMax - 2),
        pow,
        wpMax: pow,
        wp: Math.min(hero.wp, pow),
        san: Math.min(hero.san, 99 - 5),
      },
    });
    const exported = await world.services.protagonists.exportJson({ actor: actor() });
    expect(exported.protagonist.extras?.training).toEqual({
      skills: { [trained.name]: { sessions: 7, failedAt: null } },
      talents: extras.training.talents,
    });
    const imported = await world.services.protagonists.importJson({
      actor: actor(),
      json: JSON.stringify(exported),
      name: "Second Copy",
    });
    const copy = await stateOf(world, imported.protagonist.id);
    const copiedSkill = copy.skills.find((s) => s.name === trained.name);
    expect(copiedSkill?.id).not.toBe(trained.id);
    expect(copy.extras).toEqual({
      ...extras,
      training: {
        ...extras.training,
        skills: { [copiedSkill?.id ?? ""]: extras.training.skills[trained.id] },
      },
    });
  });
});

describe("a campaign to a file and back", () => {
  it("carries its settings and every module's switch, settings and catalogue", async () => {
    const extras = createExtrasService(
      { store: world.db.store, rng: seededRng(3), extensions: extensionPointsOf(extraModules) },
      extraModules,
    );
    for (const moduleId of ["entities", "substances", "gear", "crafting"]) {
      await extras.change({ actor: gm(), moduleId, enabled: true });
    }
    await extras.change({
      actor: gm(),
      moduleId: "crafting",
      setting: { key: "default-complexity", value: "250" },
    });
    await extras.of(entitiesExtra).add({
      actor: gm(),
      name: "Star spawn",
      kind: "creature",
      hp: 30,
      tags: "Eldritch 2, Armored 3",
    });
    await extras
      .of(substancesExtra)
      .add({ actor: gm(), name: "Laudanum", potency: 4, addictive: true });
    await extras.of(gearExtra).entityWeapon({
      actor: gm(),
      entity: "Star spawn",
      name: "Tentacles",
      damage: "2D6",
      range: "close",
    });
    await world.services.campaigns.updateSettings({
      actor: gm(),
      rules: { exhaustionPenalty: 10 },
    });
    const transfer = world.services.campaignTransfer;
    const file = await transfer.exportCampaign({ actor: gm() });
    await expect(transfer.exportCampaign({ actor: actor() })).rejects.toMatchObject({
      kind: "forbidden",
    });

    const elsewhere = gm({ guildId: OTHER_GUILD });
    const imported = await transfer.importCampaign({
      actor: elsewhere,
      json: JSON.stringify(file),
      name: "Night Floors II",
    });
    const copy = await world.db.prisma.campaign.findUniqueOrThrow({
      where: { id: imported.campaign.id },
    });
    const original = await world.db.prisma.campaign.findUniqueOrThrow({
      where: { id: world.campaignId },
    });
    expect(copy.extras).toEqual(original.extras);
    expect(copy.ruleOptions).toMatchObject({ exhaustionPenalty: 10 });
    expect(await transfer.exportCampaign({ actor: elsewhere })).toEqual({
      ...file,
      campaign: { ...file.campaign, name: "Night Floors II" },
    });
  });

  it("refuses a file it can't take whole, and writes nothing", async () => {
    const transfer = world.services.campaignTransfer;
    const file = await transfer.exportCampaign({ actor: gm() });
    const campaigns = await world.db.prisma.campaign.count();
    const elsewhere = gm({ guildId: OTHER_GUILD });
    const attempt = (json: string) => transfer.importCampaign({ actor: elsewhere, json });
    await expect(attempt("{not json")).rejects.toMatchObject({
      refusal: { code: "campaign-file-invalid" },
    });
    await expect(
      attempt(
        JSON.stringify({
          ...file,
          campaign: { ...file.campaign, extras: { jetpacks: { enabled: true } } },
        }),
      ),
    ).rejects.toMatchObject({
      refusal: { code: "campaign-extras-invalid", module: "jetpacks", problem: "unknown-module" },
    });
    await expect(
      attempt(
        JSON.stringify({
          ...file,
          campaign: {
            ...file.campaign,
            extras: { entities: { enabled: true, data: { entities: [{ name: 3 }] } } },
          },
        }),
      ),
    ).rejects.toMatchObject({ refusal: { code: "campaign-extras-invalid", problem: "data" } });
    expect(await world.db.prisma.campaign.count()).toBe(campaigns);
  });
});
