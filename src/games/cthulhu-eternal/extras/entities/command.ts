import {
  InteractionContextType,
  SlashCommandBuilder,
  type ChatInputCommandInteraction,
  type SlashCommandSubcommandBuilder,
} from "discord.js";
import { actorFrom } from "../../../../core/discord/actor.js";
import type { HandlerContext } from "../../command.js";
import type { BotServices } from "../../game.js";
import { protagonistChoices } from "../../presentation/autocomplete.js";
import { freshGroupEntries, sanGroupMessage } from "../../presentation/sanity-group.js";
import { namedChoices, protagonistOption } from "../choices.js";
import type { ExtraModule } from "../module.js";
import {
  addText,
  bestiaryEmbed,
  hideText,
  removeText,
  shownEmbed,
  tagText,
} from "./presentation.js";
import { ENTITY_KINDS, type EntityKind } from "./rules.js";
import type { EntitiesService } from "./service.js";
import { SHOWN_TEXT_MAX } from "./state.js";

/** `/entity`: the bestiary of Bestiary and Encounters. */

function nameOption(sub: SlashCommandSubcommandBuilder) {
  return sub.addStringOption((option) =>
    option
      .setName("name")
      .setDescription("The entity")
      .setRequired(true)
      .setAutocomplete(true)
      .setMaxLength(100),
  );
}

const definition = new SlashCommandBuilder()
  .setName("entity")
  .setDescription("Bestiary and Encounters (an Extra): the GM's NPCs, creatures, relics, tomes.")
  .setContexts(InteractionContextType.Guild)
  .addSubcommand((sub) =>
    sub
      .setName("add")
      .setDescription("GM: an entity for the bestiary, hidden from the table until shown")
      .addStringOption((option) =>
        option.setName("name").setDescription("e.g. Deep One").setRequired(true).setMaxLength(100),
      )
      .addStringOption((option) =>
        option
          .setName("kind")
          .setDescription("What it is")
          .setRequired(true)
          .addChoices(ENTITY_KINDS.map((kind) => ({ name: kind, value: kind }))),
      )
      .addIntegerOption((option) =>
        option.setName("hp").setDescription("Its hit points").setMinValue(0).setMaxValue(999),
      )
      .addStringOption((option) =>
        option
          .setName("tags")
          .setDescription("e.g. Weird 2, Scary 1, Armored 3, Flying, Vulnerable fire")
          .setMaxLength(500),
      )
      .addStringOption((option) =>
        option
          .setName("strengths")
          .setDescription("Skills it is strong in (tests against them hard), e.g. Swim, Athletics")
          .setMaxLength(500),
      )
      .addStringOption((option) =>
        option
          .setName("weaknesses")
          .setDescription("Skills it is weak in (tests against them easy)")
          .setMaxLength(500),
      ),
  )
  .addSubcommand((sub) =>
    nameOption(
      sub.setName("show").setDescription("GM: show an entity to the table"),
    ).addStringOption((option) =>
      option
        .setName("description")
        .setDescription("What the table sees (never its stats)")
        .setMaxLength(SHOWN_TEXT_MAX),
    ),
  )
  .addSubcommand((sub) =>
    nameOption(sub.setName("hide").setDescription("GM: hide a shown entity again")),
  )
  .addSubcommand((sub) =>
    nameOption(sub.setName("remove").setDescription("GM: take an entity out of the bestiary")),
  )
  .addSubcommand((sub) =>
    protagonistOption(
      nameOption(
        sub
          .setName("encounter")
          .setDescription(
            "GM: the entity's Weird, Eldritch, Scary and Undead tags test who meets it",
          ),
      ),
      "Only this Protagonist (default: every active Protagonist)",
    ).addBooleanOption((option) =>
      option
        .setName("corrupting")
        .setDescription("Every loss lowers the maximum too (Corruption must be on)"),
    ),
  )
  .addSubcommand((sub) =>
    sub
      .setName("list")
      .setDescription("The bestiary: all of it for a GM, what was shown for others"),
  );

function kindOf(interaction: ChatInputCommandInteraction): EntityKind {
  const typed = interaction.options.getString("kind", true);
  const kind = ENTITY_KINDS.find((k) => k === typed);
  if (kind === undefined) throw new Error(`"${typed}" is not one of the command's choices`);
  return kind;
}

export function entitiesCommand(
  service: (services: BotServices) => EntitiesService,
): ExtraModule["command"] {
  const name = (interaction: ChatInputCommandInteraction) => ({
    actor: actorFrom(interaction),
    name: interaction.options.getString("name", true),
  });
  const add = async (interaction: ChatInputCommandInteraction, context: HandlerContext) => {
    const { options } = interaction;
    const outcome = await service(context.services).add({
      ...name(interaction),
      kind: kindOf(interaction),
      hp: options.getInteger("hp"),
      tags: options.getString("tags") ?? "",
      strengths: options.getString("strengths") ?? "",
      weaknesses: options.getString("weaknesses") ?? "",
    });
    await context.reply.send({ content: addText(outcome) });
  };
  const show = async (interaction: ChatInputCommandInteraction, context: HandlerContext) => {
    const outcome = await service(context.services).show({
      ...name(interaction),
      description: interaction.options.getString("description") ?? "",
    });
    await context.reply.send({ embeds: [shownEmbed(outcome)] });
  };
  const hide = async (interaction: ChatInputCommandInteraction, context: HandlerContext) => {
    await context.reply.send({
      content: hideText(await service(context.services).hide(name(interaction))),
    });
  };
  const remove = async (interaction: ChatInputCommandInteraction, context: HandlerContext) => {
    await context.reply.send({
      content: removeText(await service(context.services).remove(name(interaction))),
    });
  };
  const encounter = async (interaction: ChatInputCommandInteraction, context: HandlerContext) => {
    const actor = actorFrom(interaction);
    const outcome = await service(context.services).encounter({
      ...name(interaction),
      protagonistId: interaction.options.getString("protagonist"),
      corrupting: interaction.options.getBoolean("corrupting") ?? false,
    });
    await context.reply.send(
      sanGroupMessage(
        freshGroupEntries(outcome.sanTests),
        actor.userId,
        outcome.willTests,
        outcome.groupSize,
      ),
    );
  };
  const list = async (interaction: ChatInputCommandInteraction, context: HandlerContext) => {
    const view = await service(context.services).bestiary({ actor: actorFrom(interaction) });
    // A GM's list holds the stat blocks: it is answered to them alone.
    await context.reply.send({ embeds: [bestiaryEmbed(view)], ephemeral: view.gm });
  };
  return {
    definition,
    subcommands: {
      add: { run: add, writes: true, gmOnly: true, private: true },
      show: { run: show, writes: true, gmOnly: true },
      hide: { run: hide, writes: true, gmOnly: true, private: true },
      remove: { run: remove, writes: true, gmOnly: true, private: true },
      encounter: { run: encounter, writes: true, gmOnly: true },
      list: { run: list },
    },
    autocomplete: async (interaction, { services }) => {
      const focused = interaction.options.getFocused(true);
      if (focused.name === "protagonist") {
        return protagonistChoices(interaction, services, focused.value);
      }
      if (focused.name !== "name") return [];
      // Hidden entities come only to GMs (the service leaves them out for anyone else).
      let gm = false;
      return namedChoices(
        async () => {
          const view = await service(services).bestiary({ actor: actorFrom(interaction) });
          gm = view.gm;
          return view.entities;
        },
        focused.value,
        (e) =>
          gm
            ? `${e.name}${e.shown ? "" : " 🔒"}${e.tags.length ? ` — ${e.tags.map(tagText).join(", ")}` : ""}`
            : e.name,
      );
    },
    help: {
      examples: [
        {
          command:
            "/entity add name:Deep One kind:creature hp:14 tags:Weird 1, Scary 1, Armored 2 strengths:Swim weaknesses:Stealth",
          does: "GM: a creature in the bestiary, hidden from the table",
        },
        {
          command: "/entity show name:Deep One description:Scales glisten in the lamplight.",
          does: "GM: the table meets it (they see your words, never its stats)",
        },
        {
          command: "/entity encounter name:Deep One",
          does: "GM: every active Protagonist meets it: its Weird and Eldritch tags call SAN tests (projection offered), Scary and Undead will tests (POW × 5); one summary",
        },
        { command: "/entity list", does: "the bestiary (a GM sees every stat block, privately)" },
        { command: "/entity hide name:Deep One", does: "GM: hidden from the table again" },
      ],
      notes: [
        "Tags: Armored X, Eldritch X, Flying, Immortal, Scary X, Spectral, Uncanny, Undead, Vulnerable <type>, Weird X.",
        "Encounters: Weird X is a SAN test (0/XD10); Eldritch X costs XD10 SAN at a first meeting and 0/XD10 after, corrupting when Corruption is on; Scary X is a POW × 5 test (XD10 WP on a failure); Undead a POW × 5 test (panic and 1D10 WP on a failure).",
      ],
    },
  };
}
