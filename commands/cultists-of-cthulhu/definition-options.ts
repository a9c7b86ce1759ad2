import type { SlashCommandStringOption, SlashCommandSubcommandBuilder } from "discord.js";

/** Option builders shared by the subcommands of `/cultists`. */

const COLOUR_CHOICES = [
  { name: "Green", value: "green" },
  { name: "Blue", value: "blue" },
  { name: "Red", value: "red" },
] as const;

const ABILITY_CHOICES = [
  { name: "Brawn", value: "brawn" },
  { name: "Finesse", value: "finesse" },
  { name: "Reason", value: "reason" },
  { name: "Focus", value: "focus" },
] as const;

const WOUND_TOKEN_CHOICES = [
  { name: "Plain", value: "plain" },
  { name: "2 Wounds", value: "double" },
  { name: "−1 Speed", value: "speed" },
  { name: "−1 Defense", value: "defense" },
  { name: "+Red to Brawn", value: "red-brawn" },
] as const;

export type Sub = SlashCommandSubcommandBuilder;

/** What a Wound token may say (options.ts reads the values). */
export function woundTokens(option: SlashCommandStringOption): SlashCommandStringOption {
  return option.addChoices(...WOUND_TOKEN_CHOICES);
}

/** A character or monster of the game, offered by name. */
export function combatant(sub: Sub, name: string, description: string, required = true): Sub {
  return sub.addStringOption((o) =>
    o.setName(name).setDescription(description).setRequired(required).setAutocomplete(true),
  );
}

export function colour(sub: Sub, name: string, description: string, required = true): Sub {
  return sub.addStringOption((o) =>
    o
      .setName(name)
      .setDescription(description)
      .setRequired(required)
      .addChoices(...COLOUR_CHOICES),
  );
}

export function ability(sub: Sub, required = true): Sub {
  return sub.addStringOption((o) =>
    o
      .setName("ability")
      .setDescription("Which ability")
      .setRequired(required)
      .addChoices(...ABILITY_CHOICES),
  );
}

export function integer(
  sub: Sub,
  name: string,
  description: string,
  min: number,
  max: number,
  required = true,
): Sub {
  return sub.addIntegerOption((o) =>
    o
      .setName(name)
      .setDescription(description)
      .setMinValue(min)
      .setMaxValue(max)
      .setRequired(required),
  );
}

export function text(sub: Sub, name: string, description: string, required = true, max = 100): Sub {
  return sub.addStringOption((o) =>
    o.setName(name).setDescription(description).setRequired(required).setMaxLength(max),
  );
}

/** The Character Sheet's numbers and dice. */
export function sheetOptions(sub: Sub): Sub {
  text(sub, "name", "The character's name", true, 60);
  integer(sub, "wounds", "Wounds it can suffer", 1, 99);
  integer(sub, "speed", "Speed", 0, 99);
  integer(sub, "defense", "Defense", 0, 99);
  integer(sub, "stage2", "Horror where Madness stage 2 begins", 1, 99);
  integer(sub, "stage3", "Horror where Madness stage 3 begins", 1, 99);
  integer(sub, "horror-end", "The last box of the Horror track", 1, 99);
  for (const name of ["brawn", "finesse", "reason", "focus"]) {
    text(
      sub,
      name,
      `${name[0]?.toUpperCase() ?? ""}${name.slice(1)} dice, e.g. "Green Blue"`,
      true,
      60,
    );
  }
  return sub;
}

export function itemMove(sub: Sub): Sub {
  return sub
    .addStringOption((o) =>
      o.setName("character").setDescription("Who").setRequired(true).setAutocomplete(true),
    )
    .addStringOption((o) =>
      o.setName("item").setDescription("Which item").setRequired(true).setAutocomplete(true),
    );
}

export function pieces(sub: Sub): Sub {
  return integer(
    integer(sub, "outer", "Outer pieces", 0, 5, false),
    "centre",
    "The centre piece (0 or 1)",
    0,
    1,
    false,
  );
}
