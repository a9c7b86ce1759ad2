/**
 * Skill names have one limit everywhere (100): what Discord takes as an autocomplete value and
 * in the `skill` option. A sheet that holds a longer one (stored before the limit) still gets
 * its skill list: the one choice Discord would refuse is left out, not the whole list.
 */
import { refusal } from "../support/refusal-words.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SKILL_NAME_MAX } from "../../src/games/cthulhu-eternal/rules/creation/index.js";
import { sampleChoices } from "../games/cthulhu-eternal/rules/creation/sample.js";
import { OTHER_PLAYER, PLAYER, startTable, type Table } from "./support/table.js";

let table: Table;
const LONG = `Science (${"x".repeat(100)})`;

beforeAll(async () => {
  table = await startTable();
  const protagonist = table.protagonists[0];
  if (protagonist === undefined) throw new Error("no Protagonist");
  await table.prisma.skill.create({
    data: {
      protagonistId: protagonist.id,
      name: LONG,
      key: LONG.toLowerCase(),
      rating: 40,
    },
  });
});

afterAll(async () => {
  await table.stop();
});

describe("skill names", () => {
  it("the long one is longer than the limit (so the test means something)", () => {
    expect(LONG.length).toBeGreaterThan(SKILL_NAME_MAX);
    expect(LONG.length).toBeLessThanOrEqual(120);
  });

  it("autocomplete answers with every skill Discord can take", async () => {
    const handle = table.bot.fake.sendAutocomplete({
      name: "roll",
      user: PLAYER,
      options: { skill: "Sci" },
      focused: "skill",
    });
    const response = await handle.response();
    expect(handle.rejections()).toEqual([]);
    const values = (response.data?.choices ?? []).map((choice) => choice.value);
    expect(values.length).toBeGreaterThan(0);
    expect(values).not.toContain(LONG);
  });

  it("a typed skill name over the limit is refused by Discord's own check", () => {
    expect(() =>
      table.bot.fake.sendSlashCommand({
        name: "roll",
        user: PLAYER,
        options: { skill: "x".repeat(SKILL_NAME_MAX + 1) },
      }),
    ).toThrow();
  });

  it("creation refuses a skill name over the limit, as edit and import do", async () => {
    const choices = sampleChoices();
    const before = table.checksum();
    const refused = refusal(
      table.services.protagonists.create({
        actor: { ...table.gm, userId: OTHER_PLAYER.id, canManageGuild: false },
        choices: {
          ...choices,
          name: "Long Skills",
          bonusSkills: [...choices.bonusSkills.slice(1), LONG],
        },
      }),
    );
    expect(await refused).toMatch(/100/);
    expect(table.checksum()).toBe(before);
  });
});
