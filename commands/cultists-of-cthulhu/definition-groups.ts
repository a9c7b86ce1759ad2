import type { SlashCommandSubcommandGroupBuilder } from "discord.js";
import { colour, combatant, integer, itemMove, pieces, text } from "./definition-options.js";

/** The groups of `/cultists` for cards, monsters, items and the Elder Sign. */

type Group = SlashCommandSubcommandGroupBuilder;

export function cardGroup(g: Group): Group {
  return g
    .setName("card")
    .setDescription("Host: the scenario's Role cards")
    .addSubcommand((s) =>
      text(
        s
          .setName("cultist")
          .setDescription("A Cultist card: the number the stars must reach, and its reveal")
          .addIntegerOption((o) =>
            o
              .setName("number")
              .setDescription("When the stars align for it")
              .setRequired(true)
              .addChoices(
                { name: "15", value: 15 },
                { name: "20", value: 20 },
                { name: "25", value: 25 },
              ),
          ),
        "text",
        "What happens on the reveal",
        true,
        600,
      ).addBooleanOption((o) =>
        o
          .setName("empowers")
          .setDescription(
            "It does more than summon monsters (one player: the set-aside character comes in)",
          ),
      ),
    )
    .addSubcommand((s) =>
      text(
        text(
          text(
            s.setName("academic").setDescription("An Academic card's Madness, stage by stage"),
            "stage1",
            "Madness at stage 1",
            true,
            600,
          ),
          "stage2",
          "Madness at stage 2",
          true,
          600,
        ),
        "stage3",
        "Madness at stage 3",
        true,
        600,
      ),
    )
    .addSubcommand((s) =>
      s
        .setName("remove")
        .setDescription("Take back a Role card")
        .addStringOption((o) =>
          o.setName("card").setDescription("Which card").setRequired(true).setAutocomplete(true),
        ),
    );
}

export function monsterGroup(g: Group): Group {
  return g
    .setName("monster")
    .setDescription("Monsters on the board")
    .addSubcommand((s) =>
      colour(
        text(
          integer(
            integer(
              integer(
                integer(
                  text(
                    s.setName("spawn").setDescription("Spawn a monster from its card"),
                    "name",
                    "Its name",
                    true,
                    60,
                  ),
                  "horror",
                  "Horror on a first encounter",
                  0,
                  30,
                ),
                "speed",
                "Speed",
                0,
                30,
              ),
              "defense",
              "Defense",
              0,
              30,
            ),
            "wounds",
            "Wounds",
            1,
            99,
          ),
          "attack",
          'Its Attack dice, e.g. "Red Red Blue"',
          true,
          60,
        ),
        "power",
        "Roll its power at this colour as it spawns",
        false,
      ),
    )
    .addSubcommand((s) =>
      combatant(
        combatant(
          s
            .setName("encounter")
            .setDescription("A character meets a kind of monster for the first time"),
          "character",
          "Who",
        ),
        "monster",
        "Which monster",
      ),
    )
    .addSubcommand((s) =>
      combatant(
        s.setName("remove").setDescription("Host: take a monster off the board"),
        "monster",
        "Which monster",
      ),
    );
}

export function itemGroup(g: Group): Group {
  return g
    .setName("item")
    .setDescription("Items and Artefacts")
    .addSubcommand((s) =>
      integer(
        text(
          combatant(
            s.setName("add").setDescription("A character gains an Item or Artefact"),
            "character",
            "Who",
          ),
          "name",
          "The card's name",
          true,
          60,
        ),
        "hands",
        "Hands it takes (0, 1 or 2)",
        0,
        2,
      )
        .addBooleanOption((o) => o.setName("artefact").setDescription("It is an Artefact"))
        .addIntegerOption((o) =>
          o
            .setName("damage")
            .setDescription("Added to combat damage")
            .setMinValue(0)
            .setMaxValue(9),
        )
        .addIntegerOption((o) =>
          o
            .setName("rerolls")
            .setDescription("Extra single dice to reroll")
            .setMinValue(0)
            .setMaxValue(9),
        )
        .addBooleanOption((o) =>
          o.setName("combat-only").setDescription("The extra rerolls count in combat only"),
        ),
    )
    .addSubcommand((s) =>
      itemMove(s.setName("drop").setDescription("Drop an item where you stand")),
    )
    .addSubcommand((s) =>
      itemMove(s.setName("pick-up").setDescription("Pick up an item from the ground")),
    )
    .addSubcommand((s) =>
      combatant(
        itemMove(s.setName("give").setDescription("Give an item to someone on your tile")),
        "to",
        "To whom",
      ),
    )
    .addSubcommand((s) => itemMove(s.setName("discard").setDescription("Discard a used item")));
}

export function elderSignGroup(g: Group): Group {
  return g
    .setName("elder-sign")
    .setDescription("Elder Sign pieces")
    .addSubcommand((s) =>
      combatant(
        s.setName("find").setDescription("Find a piece (from the bag)"),
        "character",
        "Who",
      ).addStringOption((o) =>
        o
          .setName("piece")
          .setDescription("Which piece (default: drawn at random)")
          .addChoices({ name: "Outer", value: "outer" }, { name: "Centre", value: "centre" }),
      ),
    )
    .addSubcommand((s) =>
      pieces(
        combatant(
          combatant(
            s.setName("give").setDescription("Give pieces to someone on your tile"),
            "character",
            "Who gives",
          ),
          "to",
          "To whom",
        ),
      ),
    )
    .addSubcommand((s) =>
      pieces(
        combatant(
          s.setName("drop").setDescription("Drop pieces where you stand"),
          "character",
          "Who",
        ),
      ),
    )
    .addSubcommand((s) =>
      pieces(
        combatant(
          s.setName("pick-up").setDescription("Pick up pieces from the ground"),
          "character",
          "Who",
        ),
      ),
    );
}
