/**
 * A sheet that uses every module travels whole: export carries each module's part (training by
 * skill name, not by database id) and import gives it to the new Protagonist, on its new ids.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { extraModules } from "../../../../commands/cthulhu-eternal/index.js";
import { extensionPointsOf } from "../../../../src/games/cthulhu-eternal/extras/registry.js";
import { actor, makeWorld, type World } from "../../../support/fixtures.js";
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
