import {
  ApplicationCommandOptionType as Type,
  SlashCommandBuilder,
  type CommandInteractionOption,
} from "discord.js";
import { describe, expect, it } from "vitest";
import { optionShapeProblem } from "../../../src/core/discord/option-shape.js";

const flat = new SlashCommandBuilder()
  .setName("roll")
  .setDescription("x")
  .addStringOption((o) => o.setName("expression").setDescription("x").setRequired(true))
  .addIntegerOption((o) => o.setName("modifier").setDescription("x"))
  .toJSON();

const nested = new SlashCommandBuilder()
  .setName("bond")
  .setDescription("x")
  .addSubcommand((s) =>
    s
      .setName("damage")
      .setDescription("x")
      .addStringOption((o) => o.setName("bond").setDescription("x").setRequired(true)),
  )
  .addSubcommandGroup((g) =>
    g
      .setName("gm")
      .setDescription("x")
      .addSubcommand((s) => s.setName("add").setDescription("x")),
  )
  .toJSON();

const option = (name: string, type: Type, extra: Partial<CommandInteractionOption> = {}) =>
  ({ name, type, ...extra }) as CommandInteractionOption;

describe("optionShapeProblem", () => {
  it("accepts options shaped like the definition", () => {
    expect(optionShapeProblem(flat, [option("expression", Type.String)], "command")).toBe(
      undefined,
    );
    const sub = option("damage", Type.Subcommand, { options: [option("bond", Type.String)] });
    expect(optionShapeProblem(nested, [sub], "command")).toBeUndefined();
    const group = option("gm", Type.SubcommandGroup, {
      options: [option("add", Type.Subcommand, { options: [] })],
    });
    expect(optionShapeProblem(nested, [group], "command")).toBeUndefined();
  });

  it("names what an older client sent: a changed type, an unknown option, a missing one", () => {
    expect(
      optionShapeProblem(
        flat,
        [option("expression", Type.String), option("modifier", Type.String)],
        "command",
      ),
    ).toMatch(/modifier is of type 4, not 3/);
    expect(
      optionShapeProblem(
        flat,
        [option("expression", Type.String), option("dice", Type.String)],
        "command",
      ),
    ).toMatch(/no option dice/);
    expect(optionShapeProblem(flat, [], "command")).toMatch(/needs option expression/);
  });

  it("needs exactly one known subcommand where the command has them", () => {
    expect(optionShapeProblem(nested, [], "command")).toMatch(/exactly one subcommand/);
    expect(
      optionShapeProblem(nested, [option("heal", Type.Subcommand, { options: [] })], "command"),
    ).toMatch(/no subcommand heal/);
    const emptyDamage = option("damage", Type.Subcommand, { options: [] });
    expect(optionShapeProblem(nested, [emptyDamage], "command")).toMatch(/needs option bond/);
  });

  it("lets autocomplete through before the required options are filled in", () => {
    const typing = option("damage", Type.Subcommand, { options: [] });
    expect(optionShapeProblem(nested, [typing], "autocomplete")).toBeUndefined();
  });
});
