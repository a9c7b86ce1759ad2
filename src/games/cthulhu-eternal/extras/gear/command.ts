import type { ChatInputCommandInteraction } from "discord.js";
import { actorFrom } from "../../../../core/discord/actor.js";
import type { HandlerContext } from "../../command.js";
import type { BotServices } from "../../game.js";
import {
  chosenProtagonist,
  opponentChoices,
  protagonistChoices,
  skillChoices,
} from "../../presentation/autocomplete.js";
import { namedChoices } from "../choices.js";
import { definition } from "./definition.js";
import type { ExtraModule } from "../module.js";
import {
  armourText,
  attackEmbed,
  entityWeaponText,
  equipText,
  gearListText,
  periodicEmbed,
  strikeEmbed,
  treatText,
  weaponText,
} from "./presentation.js";
import { DAMAGE_TYPES, RANGES, type DamageType, type Range } from "./rules.js";
import type { GearService } from "./service.js";

/** `/gear`: Gear and Attacks, an Extra. */

function choiceOf<T extends string>(values: readonly T[], typed: string | null): T | null {
  return values.find((v) => v === typed) ?? null;
}

export function gearCommand(
  service: (services: BotServices) => GearService,
): ExtraModule["command"] {
  const who = (interaction: ChatInputCommandInteraction) => ({
    actor: actorFrom(interaction),
    protagonistId: interaction.options.getString("protagonist"),
  });
  const attack = async (interaction: ChatInputCommandInteraction, context: HandlerContext) => {
    const { options } = interaction;
    const outcome = await service(context.services).attack({
      ...who(interaction),
      weapon: options.getString("weapon", true),
      targetId: options.getString("target"),
      opponent: options.getString("opponent"),
      range: choiceOf<Range>(RANGES, options.getString("range")),
      modifier: options.getInteger("modifier") ?? 0,
      calledShot: options.getBoolean("called_shot") ?? false,
    });
    // An attack on an entity the table has not been shown is the GM's alone.
    await context.reply.send({
      embeds: [attackEmbed(outcome, interaction.user.displayName)],
      ephemeral: outcome.hidden,
    });
  };
  const weapon = async (interaction: ChatInputCommandInteraction, context: HandlerContext) => {
    const { options } = interaction;
    const type = choiceOf<DamageType>(DAMAGE_TYPES, options.getString("type"));
    const range = choiceOf<Range>(RANGES, options.getString("range", true)) ?? "touch";
    const made = {
      name: options.getString("name", true),
      damage: options.getString("damage", true),
      range,
      ...(type ? { type } : {}),
      weird: options.getBoolean("weird") ?? false,
    };
    const entity = options.getString("entity");
    if (entity !== null) {
      const armed = await service(context.services).entityWeapon({
        actor: actorFrom(interaction),
        entity,
        ...made,
      });
      // The bestiary is the GMs' until shown.
      await context.reply.send({ content: entityWeaponText(armed), ephemeral: armed.hidden });
      return;
    }
    const outcome = await service(context.services).weapon({
      ...who(interaction),
      ...made,
      skill: options.getString("skill") ?? "",
    });
    const added = outcome.gear.weapons.find((w) => w.name === outcome.item);
    await context.reply.send({
      content: `${equipText(outcome, "add")}${added ? `\n⚔️ ${weaponText(added)}` : ""}`,
    });
  };
  const armour = async (interaction: ChatInputCommandInteraction, context: HandlerContext) => {
    const { options } = interaction;
    const outcome = await service(context.services).armour({
      ...who(interaction),
      name: options.getString("name", true),
      protection: options.getInteger("protection", true),
      fragile: options.getBoolean("fragile") ?? false,
      heavy: options.getBoolean("heavy") ?? false,
    });
    const added = outcome.gear.armour.find((a) => a.name === outcome.item);
    await context.reply.send({
      content: `${equipText(outcome, "add")}${added ? `\n🛡️ ${armourText(added)}` : ""}`,
    });
  };
  const item = (interaction: ChatInputCommandInteraction) => ({
    ...who(interaction),
    item: interaction.options.getString("item", true),
  });
  const drop = async (interaction: ChatInputCommandInteraction, context: HandlerContext) => {
    await context.reply.send({
      content: equipText(await service(context.services).drop(item(interaction)), "drop"),
    });
  };
  const treat = async (interaction: ChatInputCommandInteraction, context: HandlerContext) => {
    await context.reply.send({
      content: treatText(await service(context.services).treat(item(interaction))),
    });
  };
  const periodic = async (interaction: ChatInputCommandInteraction, context: HandlerContext) => {
    await context.reply.send({
      embeds: [periodicEmbed(await service(context.services).periodic(who(interaction)))],
    });
  };
  const strike = async (interaction: ChatInputCommandInteraction, context: HandlerContext) => {
    const { options } = interaction;
    const outcome = await service(context.services).strike({
      actor: actorFrom(interaction),
      entity: options.getString("entity", true),
      weapon: options.getString("weapon", true),
      targetId: options.getString("target", true),
      critical: options.getBoolean("critical") ?? false,
      calledShot: options.getBoolean("called_shot") ?? false,
    });
    await context.reply.send({ embeds: [strikeEmbed(outcome, interaction.user.displayName)] });
  };
  const list = async (interaction: ChatInputCommandInteraction, context: HandlerContext) => {
    await context.reply.send({
      content: gearListText(await service(context.services).list(who(interaction))),
    });
  };
  return {
    definition,
    subcommands: {
      attack: { run: attack, writes: true },
      weapon: { run: weapon, writes: true },
      armour: { run: armour, writes: true },
      drop: { run: drop, writes: true },
      treat: { run: treat, writes: true },
      periodic: { run: periodic, writes: true, gmOnly: true },
      strike: { run: strike, writes: true, gmOnly: true },
      list: { run: list },
    },
    autocomplete: async (interaction, { services }) => {
      const focused = interaction.options.getFocused(true);
      if (focused.name === "protagonist" || focused.name === "target") {
        return protagonistChoices(interaction, services, focused.value);
      }
      if (focused.name === "skill") return skillChoices(interaction, services, focused.value);
      if (focused.name === "weapon" && interaction.options.getSubcommand(false) === "strike") {
        const entity = interaction.options.getString("entity") ?? "";
        return namedChoices(
          () => service(services).entityWeapons({ actor: actorFrom(interaction), entity }),
          focused.value,
        );
      }
      if (focused.name === "opponent" || focused.name === "entity") {
        return opponentChoices(interaction, services, focused.value);
      }
      const gear = () =>
        service(services).list({
          actor: actorFrom(interaction),
          protagonistId: chosenProtagonist(interaction),
        });
      if (focused.name === "weapon") {
        return namedChoices(async () => (await gear()).gear.weapons, focused.value);
      }
      if (focused.name !== "item") return [];
      const subcommand = interaction.options.getSubcommand(false);
      return namedChoices<{ name: string }>(async () => {
        const { gear: carried } = await gear();
        return subcommand === "treat" ? carried.periodic : [...carried.weapons, ...carried.armour];
      }, focused.value);
    },
    help: {
      examples: [
        {
          command: "/gear weapon name:Revolver skill:Firearms damage:1D10 range:far type:piercing",
          does: "a weapon on your sheet (damage as dice, or a lethality rating such as 15%)",
        },
        {
          command: "/gear armour name:Kevlar vest protection:3 fragile:True",
          does: "armour worn: it stops 3 of every hit's damage; Fragile wears down on a critical hit",
        },
        {
          command: "/gear attack weapon:Revolver target:Ada range:distant",
          does: "Firearms beyond the weapon's range (hard), then damage, Ada's armour and HP",
        },
        {
          command: "/gear attack weapon:Silver dagger opponent:Deep One",
          does: "an entity of the bestiary: its strengths, Armored, Vulnerable and Spectral tags count; the table sees hurt or destroyed, never its HP",
        },
        {
          command: "/gear weapon entity:Deep One name:Claws damage:1D6 range:touch",
          does: "GM: a weapon for an entity of the bestiary",
        },
        {
          command: "/gear strike entity:Deep One weapon:Claws target:Ada critical:True",
          does: "GM: the entity strikes (you say whether it hits): its damage, Ada's armour and HP",
        },
        {
          command: "/gear periodic protagonist:Ada",
          does: "GM: a round of Ada's wounds that keep hurting",
        },
        { command: "/gear treat item:Burning", does: "a wound treated: it hurts no more" },
      ],
      notes: [
        "A critical hit: Default +1D10, Blasting doubles, Piercing deals the dice's maximum, Periodic leaves a wound that deals the weapon's dice each round until treated. Lethality weapons double their rating (SRD).",
        "The damage bonus (STR) goes to Unarmed Combat and Melee Weapons attacks; armour stops damage except on called shots and lethal results.",
        "Heavy armour makes Athletics, Dodge, Stealth and Swim tests hard.",
      ],
    },
  };
}
