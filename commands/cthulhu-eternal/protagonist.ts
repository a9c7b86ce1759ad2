import {
  SHEET_MENUS,
  SHEET_ROLL_ACTION,
  sheetRollPressed,
  sheetSkillChosen,
  sheetStatChosen,
} from "./protagonist-sheet-rolls.js";
import { SKILL_NAME_MAX } from "../../src/games/cthulhu-eternal/rules/creation/index.js";
import {
  InteractionContextType,
  SlashCommandBuilder,
  type SlashCommandStringOption,
  type ApplicationCommandOptionChoiceData,
  type AutocompleteInteraction,
} from "discord.js";
import type { CommandModule } from "../../src/games/cthulhu-eternal/command.js";
import { subcommandTable } from "../../src/core/discord/subcommands.js";
import { PROTAGONIST_COMMAND } from "../../src/games/cthulhu-eternal/creation/session.js";
import {
  protagonistChoices,
  skillChoices,
} from "../../src/games/cthulhu-eternal/presentation/autocomplete.js";
import {
  PROTAGONIST_STATUSES,
  RESOURCES_MAX,
  SKILL_RATING_MAX,
} from "../../src/games/cthulhu-eternal/services/protagonist-edit.js";
import { STAT_NAMES } from "../../src/games/cthulhu-eternal/rules/types.js";
import type { BotServices } from "../../src/games/cthulhu-eternal/game.js";
import { CREATION_WRITE_ACTIONS } from "../../src/games/cthulhu-eternal/presentation/creation-ids.js";
import {
  creationButtons,
  creationModals,
  creationSelectMenus,
  startCreation,
} from "./protagonist-create.js";
import {
  disorderChoices,
  editProtagonist,
  editFormSubmitted,
  EDIT_FORM_ACTION,
} from "./protagonist-edit.js";
import {
  exportProtagonist,
  importProtagonist,
  listPagePressed,
  listProtagonists,
  LIST_PAGE_ACTION,
  selectProtagonist,
  showProtagonist,
} from "./protagonist-sheet.js";
import {
  RETIRE_ACTION,
  retireCancelled,
  retireConfirmed,
  retireProtagonist,
} from "./protagonist-retire.js";

const protagonistOption =
  (required: boolean, what: string) =>
  (option: SlashCommandStringOption): SlashCommandStringOption =>
    option.setName("protagonist").setDescription(what).setAutocomplete(true).setRequired(required);

const definition = new SlashCommandBuilder()
  .setName(PROTAGONIST_COMMAND)
  .setDescription("Create, view and manage Protagonists.")
  .setContexts(InteractionContextType.Guild)
  .addSubcommand((sub) =>
    sub
      .setName("create")
      .setDescription("Create a Protagonist, step by step, with a live preview."),
  )
  .addSubcommand((sub) =>
    sub
      .setName("show")
      .setDescription("Show a Protagonist's sheet.")
      .addStringOption(protagonistOption(false, "Whose sheet (default: the one you play here)")),
  )
  .addSubcommand((sub) =>
    sub
      .setName("list")
      .setDescription("The campaign's Protagonists: player, HP, WP and SAN.")
      .addBooleanOption((option) =>
        option.setName("all").setDescription("Include dead, insane and retired ones"),
      ),
  )
  .addSubcommand((sub) =>
    sub
      .setName("select")
      .setDescription("Choose which of your Protagonists you play.")
      .addStringOption(protagonistOption(true, "One of your Protagonists"))
      .addStringOption((option) =>
        option
          .setName("scope")
          .setDescription("Where (default: this channel)")
          .addChoices(
            { name: "this channel", value: "channel" },
            { name: "the whole campaign", value: "campaign" },
          ),
      ),
  )
  .addSubcommand((sub) =>
    sub
      .setName("edit")
      .setDescription(
        "Change a sheet (yours, or any as GM). Without options: a form for name and notes.",
      )
      .addStringOption(protagonistOption(false, "Whose sheet (default: the one you play here)"))
      .addStringOption((option) =>
        option.setName("name").setDescription("New name").setMaxLength(100),
      )
      .addStringOption((option) =>
        option
          .setName("notes")
          .setDescription("New notes (replace the old ones)")
          .setMaxLength(2000),
      )
      .addStringOption((option) =>
        option
          .setName("skill")
          .setDescription("A skill to set (with rating); a new one is added")
          .setAutocomplete(true)
          .setMaxLength(SKILL_NAME_MAX),
      )
      .addIntegerOption((option) =>
        option
          .setName("rating")
          .setDescription("The skill's new rating")
          .setMinValue(0)
          .setMaxValue(SKILL_RATING_MAX),
      )
      .addStringOption((option) =>
        option
          .setName("stat")
          .setDescription("A stat to set (with value)")
          .addChoices(...STAT_NAMES.map((stat) => ({ name: stat, value: stat }))),
      )
      .addIntegerOption((option) =>
        option
          .setName("value")
          .setDescription("The stat's new value")
          .setMinValue(0)
          .setMaxValue(25),
      )
      .addIntegerOption((option) =>
        option.setName("hp").setDescription("Current HP").setMinValue(0).setMaxValue(99),
      )
      .addIntegerOption((option) =>
        option.setName("wp").setDescription("Current WP").setMinValue(0).setMaxValue(99),
      )
      .addIntegerOption((option) =>
        option.setName("san").setDescription("Current SAN").setMinValue(0).setMaxValue(99),
      )
      .addStringOption((option) =>
        option
          .setName("disorder")
          .setDescription("A disorder on the sheet: rename it (disorder_name) or cure it (cure)")
          .setAutocomplete(true),
      )
      .addStringOption((option) =>
        option
          .setName("disorder_name")
          .setDescription("The disorder's new name; without `disorder`, adds a new disorder")
          .setMaxLength(200),
      )
      .addBooleanOption((option) =>
        option.setName("cure").setDescription("Cure the chosen `disorder`"),
      )
      .addStringOption((option) =>
        option
          .setName("status")
          .setDescription("GM only: in play, or out of it")
          .addChoices(...PROTAGONIST_STATUSES.map((status) => ({ name: status, value: status }))),
      )
      .addIntegerOption((option) =>
        option
          .setName("resources")
          .setDescription("Permanent Resources rating")
          .setMinValue(0)
          .setMaxValue(RESOURCES_MAX),
      ),
  )
  .addSubcommand((sub) =>
    sub
      .setName("retire")
      .setDescription("Take a Protagonist out of play (asks to confirm).")
      .addStringOption(protagonistOption(false, "Which one (default: the one you play here)")),
  )
  .addSubcommand((sub) =>
    sub
      .setName("export")
      .setDescription("Get a Protagonist as a JSON file (to keep, or import elsewhere).")
      .addStringOption(protagonistOption(false, "Which one (default: the one you play here)"))
      .addStringOption((option) =>
        option
          .setName("format")
          .setDescription("This bot's file (default), or Cthulhu Forever's for the web generator")
          .addChoices(
            { name: "This bot", value: "bot" },
            { name: "Cthulhu Forever", value: "cthulhu-forever" },
          ),
      ),
  )
  .addSubcommand((sub) =>
    sub
      .setName("import")
      .setDescription("Bring in a Protagonist from this bot's or Cthulhu Forever's JSON export.")
      .addAttachmentOption((option) =>
        option
          .setName("file")
          .setDescription("The .json file from `/protagonist export` or Cthulhu Forever"),
      )
      .addStringOption((option) =>
        option.setName("json").setDescription("Or paste the file's text here").setMaxLength(6000),
      )
      .addStringOption((option) =>
        option.setName("name").setDescription("Import under another name").setMaxLength(100),
      ),
  );

/** Each subcommand once: its handler, whether it writes, whether only the user sees it. */
export const PROTAGONIST_SUBCOMMANDS = subcommandTable({
  // Drafts live in memory; the saved creation is written by its components.
  create: { run: startCreation, private: true },
  show: { run: showProtagonist },
  list: { run: listProtagonists },
  select: { run: selectProtagonist, writes: true, private: true },
  edit: { run: editProtagonist, writes: true },
  retire: { run: retireProtagonist, private: true },
  export: { run: exportProtagonist, private: true },
  import: { run: importProtagonist, writes: true },
});

async function autocomplete(
  interaction: AutocompleteInteraction,
  services: BotServices,
): Promise<readonly ApplicationCommandOptionChoiceData[]> {
  const focused = interaction.options.getFocused(true);
  switch (focused.name) {
    case "protagonist":
      return protagonistChoices(
        interaction,
        services,
        focused.value,
        interaction.options.getSubcommand(false) === "select",
      );
    case "skill":
      return skillChoices(interaction, services, focused.value);
    case "disorder":
      return disorderChoices(interaction, services, focused.value);
    default:
      return [];
  }
}

export const protagonistCommand: CommandModule = {
  definition,
  // Drafts live in memory; what is saved: the logged stat roll, the creation, selection,
  // edits (options or the form), retirement and import.
  writes: {
    subcommands: PROTAGONIST_SUBCOMMANDS.writing,
    components: [...CREATION_WRITE_ACTIONS, RETIRE_ACTION.confirm, EDIT_FORM_ACTION],
  },
  ephemeral: PROTAGONIST_SUBCOMMANDS.isPrivate,
  execute: PROTAGONIST_SUBCOMMANDS.execute,
  autocomplete: (interaction, { services }) => autocomplete(interaction, services),
  // A roll from a sheet's panel spends the roll bucket, as `/roll` does.
  rollComponents: [SHEET_ROLL_ACTION],
  buttons: {
    ...creationButtons,
    [SHEET_ROLL_ACTION]: sheetRollPressed,
    [LIST_PAGE_ACTION]: listPagePressed,
    [RETIRE_ACTION.confirm]: retireConfirmed,
    [RETIRE_ACTION.keep]: retireCancelled,
  },
  selectMenus: {
    ...creationSelectMenus,
    [SHEET_MENUS.skillAction]: sheetSkillChosen,
    [SHEET_MENUS.statAction]: sheetStatChosen,
  },
  modals: { ...creationModals, [EDIT_FORM_ACTION]: editFormSubmitted },
};
