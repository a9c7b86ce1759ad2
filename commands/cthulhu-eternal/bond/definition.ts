/** `/bond`'s definition: its subcommands and their options, as Discord shows them. */
import {
  InteractionContextType,
  SlashCommandBuilder,
  type SlashCommandSubcommandBuilder,
} from "discord.js";

const withProtagonist = (sub: SlashCommandSubcommandBuilder) =>
  sub.addStringOption((option) =>
    option
      .setName("protagonist")
      .setDescription("Whose Bonds (default: your active Protagonist)")
      .setAutocomplete(true),
  );

const withBond = (sub: SlashCommandSubcommandBuilder, description: string) =>
  sub.addStringOption((option) =>
    option
      .setName("bond")
      .setDescription(description)
      .setRequired(true)
      .setAutocomplete(true)
      .setMaxLength(100),
  );

export const definition = new SlashCommandBuilder()
  .setName("bond")
  .setDescription("A Protagonist's Bonds: list, add, damage, improve, project a SAN loss, repress.")
  .setContexts(InteractionContextType.Guild)
  .addSubcommand((sub) =>
    withProtagonist(
      sub.setName("list").setDescription("Every Bond with its score, broken ones too"),
    ),
  )
  .addSubcommand((sub) =>
    withProtagonist(
      sub
        .setName("add")
        .setDescription("A new Bond: an individual one starts at CHA")
        .addStringOption((option) =>
          option
            .setName("name")
            .setDescription(
              "Who or what (a person, a family, a congregation…); default: the fellow's",
            )
            .setMaxLength(100),
        )
        .addStringOption((option) =>
          option
            .setName("kind")
            .setDescription("An individual (up to CHA, the default) or a community (up to 20)")
            .addChoices(
              { name: "individual", value: "individual" },
              { name: "community", value: "community" },
            ),
        )
        .addIntegerOption((option) =>
          option
            .setName("score")
            .setDescription("Starting score (default: CHA for an individual Bond)")
            .setMinValue(1)
            .setMaxValue(99),
        )
        .addStringOption((option) =>
          option
            .setName("fellow")
            .setDescription("A fellow Protagonist of the campaign the Bond is to")
            .setAutocomplete(true)
            .setMaxLength(100),
        ),
    ),
  )
  .addSubcommand((sub) =>
    withProtagonist(
      withBond(
        sub.setName("damage").setDescription("Harm to a Bond's subject; at 0 it breaks"),
        "The Bond harmed",
      ).addStringOption((option) =>
        option
          .setName("amount")
          .setDescription("Points of damage (1–99), or 1D4")
          .setRequired(true)
          .setMaxLength(10),
      ),
    ),
  )
  .addSubcommand((sub) =>
    withProtagonist(
      withBond(
        sub.setName("improve").setDescription("Cultivate a Bond: never above CHA (or 20)"),
        "The Bond improved",
      ).addIntegerOption((option) =>
        option
          .setName("amount")
          .setDescription("Points to add")
          .setRequired(true)
          .setMinValue(1)
          .setMaxValue(99),
      ),
    ),
  )
  .addSubcommand((sub) =>
    withProtagonist(
      withBond(
        sub
          .setName("destroy")
          .setDescription("The subject is gone (dead, insane, left): crossed off, kept"),
        "The Bond lost",
      ).addStringOption((option) =>
        option.setName("why").setDescription("What happened to them").setMaxLength(200),
      ),
    ),
  )
  .addSubcommand((sub) =>
    withProtagonist(
      withBond(
        sub
          .setName("erase")
          .setDescription(
            "GM: strike a crossed-off Bond from the sheet, to make room on a full one",
          ),
        "The broken or destroyed Bond",
      ),
    ),
  )
  .addSubcommand((sub) =>
    withProtagonist(
      withBond(
        sub
          .setName("project")
          .setDescription(
            "Project the latest SAN loss onto a Bond: 1D4 WP, the loss and Bond drop",
          ),
        "The Bond to project onto",
      ),
    ),
  )
  .addSubcommand((sub) =>
    withProtagonist(
      withBond(
        sub.setName("repress").setDescription("Repress insanity: 1D4 WP and Bond, then a SAN test"),
        "The Bond to draw on",
      ).addStringOption((option) =>
        option
          .setName("episode")
          .setDescription("What is repressed (temporary insanity, a disorder…)")
          .setMaxLength(200),
      ),
    ),
  );
