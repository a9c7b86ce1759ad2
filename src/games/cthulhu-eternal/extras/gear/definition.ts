import {
  InteractionContextType,
  SlashCommandBuilder,
  type SlashCommandSubcommandBuilder,
} from "discord.js";
import { protagonistOption } from "../choices.js";
import { DAMAGE_TYPES, RANGES } from "./rules.js";
import { MAX_PROTECTION } from "./state.js";

/** `/gear`'s shape as Discord shows it: subcommands and their options. */

const rangeChoices = RANGES.map((r) => ({ name: r, value: r }));

function itemOption(sub: SlashCommandSubcommandBuilder, description: string) {
  return sub.addStringOption((option) =>
    option
      .setName("item")
      .setDescription(description)
      .setRequired(true)
      .setAutocomplete(true)
      .setMaxLength(100),
  );
}

export const definition = new SlashCommandBuilder()
  .setName("gear")
  .setDescription(
    "Gear and Attacks (an Extra): weapons, armour, attacks, wounds that keep hurting.",
  )
  .setContexts(InteractionContextType.Guild)
  .addSubcommand((sub) =>
    protagonistOption(
      sub
        .setName("attack")
        .setDescription("Attack with a weapon: its skill, then its damage, armour and HP")
        .addStringOption((option) =>
          option
            .setName("weapon")
            .setDescription("One of the sheet's weapons")
            .setRequired(true)
            .setAutocomplete(true)
            .setMaxLength(100),
        )
        .addStringOption((option) =>
          option
            .setName("target")
            .setDescription(
              "The Protagonist attacked (armour and HP applied); none for anyone else",
            )
            .setAutocomplete(true)
            .setMaxLength(64),
        )
        .addStringOption((option) =>
          option
            .setName("opponent")
            .setDescription("An entity of the bestiary attacked (its armour and tags count)")
            .setAutocomplete(true)
            .setMaxLength(100),
        )
        .addStringOption((option) =>
          option
            .setName("range")
            .setDescription("How far the target is (beyond the weapon's range: hard)")
            .addChoices(rangeChoices),
        )
        .addIntegerOption((option) =>
          option
            .setName("modifier")
            .setDescription("The GM's modifier, e.g. 20 or -20")
            .setMinValue(-100)
            .setMaxValue(100),
        )
        .addBooleanOption((option) =>
          option.setName("called_shot").setDescription("Aimed at a gap: armour is ignored"),
        ),
      "Who attacks (default: your active Protagonist)",
    ),
  )
  .addSubcommand((sub) =>
    protagonistOption(
      sub
        .setName("weapon")
        .setDescription("A weapon on the sheet")
        .addStringOption((option) =>
          option
            .setName("name")
            .setDescription("e.g. Revolver")
            .setRequired(true)
            .setMaxLength(100),
        )
        .addStringOption((option) =>
          option
            .setName("damage")
            .setDescription("Dice (1D10) or a lethality rating (15%)")
            .setRequired(true)
            .setMaxLength(40),
        )
        .addStringOption((option) =>
          option
            .setName("range")
            .setDescription("How far it reaches")
            .setRequired(true)
            .addChoices(rangeChoices),
        )
        .addStringOption((option) =>
          option
            .setName("skill")
            .setDescription("The skill it is used with, e.g. Firearms (a Protagonist's weapon)")
            .setAutocomplete(true)
            .setMaxLength(64),
        )
        .addStringOption((option) =>
          option
            .setName("type")
            .setDescription("Its damage type: what a critical does (default: +1D10)")
            .addChoices(DAMAGE_TYPES.map((t) => ({ name: t, value: t }))),
        )
        .addBooleanOption((option) =>
          option.setName("weird").setDescription("Infused with magick: it hurts Spectral entities"),
        )
        .addStringOption((option) =>
          option
            .setName("entity")
            .setDescription("GM: the weapon of an entity of the bestiary instead")
            .setAutocomplete(true)
            .setMaxLength(100),
        ),
    ),
  )
  .addSubcommand((sub) =>
    protagonistOption(
      sub
        .setName("armour")
        .setDescription("A piece of armour worn")
        .addStringOption((option) =>
          option
            .setName("name")
            .setDescription("e.g. Kevlar vest")
            .setRequired(true)
            .setMaxLength(100),
        )
        .addIntegerOption((option) =>
          option
            .setName("protection")
            .setDescription("HP of damage it stops")
            .setRequired(true)
            .setMinValue(0)
            .setMaxValue(MAX_PROTECTION),
        )
        .addBooleanOption((option) =>
          option.setName("fragile").setDescription("A critical hit wears its protection down"),
        )
        .addBooleanOption((option) =>
          option.setName("heavy").setDescription("Movement tests are hard while it is worn"),
        ),
    ),
  )
  .addSubcommand((sub) =>
    protagonistOption(
      itemOption(
        sub.setName("drop").setDescription("A weapon or armour off the sheet"),
        "What to drop",
      ),
    ),
  )
  .addSubcommand((sub) =>
    protagonistOption(
      itemOption(
        sub.setName("treat").setDescription("A wound that keeps hurting, treated"),
        "The wound",
      ),
    ),
  )
  .addSubcommand((sub) =>
    sub
      .setName("strike")
      .setDescription("GM: an entity strikes a Protagonist with one of its weapons")
      .addStringOption((option) =>
        option
          .setName("entity")
          .setDescription("The entity striking")
          .setRequired(true)
          .setAutocomplete(true)
          .setMaxLength(100),
      )
      .addStringOption((option) =>
        option
          .setName("weapon")
          .setDescription("One of its weapons")
          .setRequired(true)
          .setAutocomplete(true)
          .setMaxLength(100),
      )
      .addStringOption((option) =>
        option
          .setName("target")
          .setDescription("The Protagonist struck")
          .setRequired(true)
          .setAutocomplete(true)
          .setMaxLength(64),
      )
      .addBooleanOption((option) =>
        option.setName("critical").setDescription("A critical hit: its damage type's effect"),
      )
      .addBooleanOption((option) =>
        option.setName("called_shot").setDescription("Aimed at a gap: armour is ignored"),
      ),
  )
  .addSubcommand((sub) =>
    protagonistOption(
      sub.setName("periodic").setDescription("GM: a round of every wound that keeps hurting"),
      "Whose wounds",
    ),
  )
  .addSubcommand((sub) =>
    protagonistOption(
      sub.setName("list").setDescription("The weapons, armour and wounds on a sheet"),
    ),
  );
