import { describe, expect, it } from "vitest";
import { diceRollEmbed, rollCommand } from "../../../../commands/cthulhu-eternal/roll.js";
import { definitionJson } from "../../../../src/core/discord/command.js";
import { rollDice } from "../../../../src/games/cthulhu-eternal/rules/dice/index.js";
import { scriptedRng } from "../../../../src/core/rng.js";

describe("/roll", () => {
  it("shows every die, dropped ones struck through, and the total", () => {
    const roll = rollDice("4d6kh3 + 2", scriptedRng([1, 3, 5, 6]));
    const embed = diceRollEmbed(roll, "Agent Smith").toJSON();
    expect(embed.title).toBe("🎲 4d6kh3 + 2");
    expect(embed.author?.name).toBe("Agent Smith");
    expect(embed.description).toBe("4d6kh3 [~~1~~, 3, 5, 6] + 2 = **16**");
  });

  it("offers dice, skill, stat, Luck and target tests, all optional, with a modifier, an opposing target and a secret flag", () => {
    const json = definitionJson(rollCommand.definition);
    expect(json.name).toBe("roll");
    expect(json.options?.map((option) => [option.name, option.required ?? false])).toEqual([
      ["expression", false],
      ["skill", false],
      ["stat", false],
      ["luck", false],
      ["target", false],
      ["modifier", false],
      ["versus", false],
      ["versus-label", false],
      ["protagonist", false],
      ["secret", false],
      ["opponent", false],
    ]);
  });
});
