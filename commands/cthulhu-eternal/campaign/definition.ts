import {
  ChannelType,
  InteractionContextType,
  SlashCommandBuilder,
  type SlashCommandSubcommandBuilder,
} from "discord.js";
import { ERAS } from "../../../src/games/cthulhu-eternal/rules/types.js";
import { SECRET_ROLL_MODES } from "../../../src/games/cthulhu-eternal/services/campaign-service.js";

export const COMMAND_NAME = "campaign";

/** Survivor options of `downtime adversity`, one per Protagonist (`all:True` takes everyone). */
export const SURVIVOR_OPTIONS = Array.from({ length: 12 }, (_, index) => `survivor${index + 1}`);

const IMPROVEMENT_CHOICES = [
  { name: "1D4 per marked skill (default)", value: "1d4" },
  { name: "+1 per marked skill", value: "1" },
  { name: "1D3 per marked skill", value: "1d3" },
  { name: "1D4−1 per marked skill", value: "1d4-1" },
  { name: "One d100 check: marked skills at or below it +1", value: "check" },
] as const;

const PROJECTION_CHOICES = [
  { name: "cap: spend the WP there is (default)", value: "cap" },
  { name: "allow-zero: spend it all, WP may reach 0", value: "allow-zero" },
  { name: "refuse: no projecting unless WP covers the roll", value: "refuse" },
] as const;

const SECRET_ROLL_LABELS: Readonly<Record<(typeof SECRET_ROLL_MODES)[number], string>> = {
  off: "off: no secret rolls",
  ephemeral: "ephemeral: only the roller sees them (default)",
  "gm-channel": "gm-channel: the roller and the GM channel see them",
};

function campaignOption(sub: SlashCommandSubcommandBuilder, what: string) {
  return sub.addStringOption((option) =>
    option
      .setName("campaign")
      .setDescription(`Which campaign ${what} (default: this channel's)`)
      .setAutocomplete(true)
      .setMaxLength(64),
  );
}

function protagonistOption(sub: SlashCommandSubcommandBuilder, description: string) {
  return sub.addStringOption((option) =>
    option
      .setName("protagonist")
      .setDescription(description)
      .setRequired(true)
      .setAutocomplete(true)
      .setMaxLength(64),
  );
}

export const definition = new SlashCommandBuilder()
  .setName(COMMAND_NAME)
  .setDescription("The party for everyone; for GMs: settings, GMs, session end and downtime.")
  .setContexts(InteractionContextType.Guild)
  // Open to every member: GMs named with `gm add` need no server setting to see it, players get
  // the party, and the bot itself refuses GM subcommands to anyone else, saying who may.
  .addSubcommand((sub) =>
    sub
      .setName("create")
      .setDescription("Start a campaign; you become its GM (the server's first becomes default)")
      .addStringOption((option) =>
        option
          .setName("name")
          .setDescription("The campaign's name")
          .setRequired(true)
          .setMaxLength(100),
      )
      .addStringOption((option) =>
        option
          .setName("era")
          .setDescription("Which archetypes and skills creation offers (default: modern)")
          .addChoices(...ERAS.map((era) => ({ name: era, value: era }))),
      ),
  )
  .addSubcommand((sub) =>
    campaignOption(
      sub.setName("settings").setDescription("Show every setting in force, or change some"),
      "to show or change",
    )
      .addStringOption((option) =>
        option
          .setName("era")
          .setDescription("Era of creation's archetypes and skills")
          .addChoices(...ERAS.map((era) => ({ name: era, value: era }))),
      )
      .addStringOption((option) =>
        option
          .setName("secret-rolls")
          .setDescription("What /roll … secret:True does")
          .addChoices(
            ...SECRET_ROLL_MODES.map((mode) => ({ name: SECRET_ROLL_LABELS[mode], value: mode })),
          ),
      )
      .addChannelOption((option) =>
        option
          .setName("gm-channel")
          .setDescription("Where copies of secret rolls go in gm-channel mode")
          .addChannelTypes(ChannelType.GuildText),
      )
      .addBooleanOption((option) =>
        option.setName("default").setDescription("True: make it the server's default campaign"),
      )
      .addBooleanOption((option) =>
        option
          .setName("failure-marks")
          .setDescription("A failed skill test ticks the skill for improvement (default: on)"),
      )
      .addStringOption((option) =>
        option
          .setName("improvement")
          .setDescription("How marked skills improve at session end")
          .addChoices(...IMPROVEMENT_CHOICES),
      )
      .addStringOption((option) =>
        option
          .setName("projection-wp-shortfall")
          .setDescription("Projecting onto a Bond when WP is below the 1D4 rolled")
          .addChoices(...PROJECTION_CHOICES),
      )
      .addBooleanOption((option) =>
        option
          .setName("adaptation-reset")
          .setDescription(
            "Clear adaptation boxes at temporary insanity / breaking point (default: on)",
          ),
      )
      .addIntegerOption((option) =>
        option
          .setName("insanity-threshold")
          .setDescription("SAN lost in one test that causes temporary insanity (default 5)")
          .setMinValue(1)
          .setMaxValue(100),
      )
      .addIntegerOption((option) =>
        option
          .setName("substandard-percent")
          .setDescription(
            "Resources successes in this top % of the target are sub-standard (default 10)",
          )
          .setMinValue(0)
          .setMaxValue(100),
      )
      .addIntegerOption((option) =>
        option
          .setName("creation-skill-cap")
          .setDescription("Highest skill rating at creation (default 80)")
          .setMinValue(1)
          .setMaxValue(99),
      )
      .addBooleanOption((option) =>
        option
          .setName("unnatural-bonus-picks")
          .setDescription("Bonus picks may raise Unnatural at creation (default: on, as the SRD)"),
      )
      .addIntegerOption((option) =>
        option
          .setName("exhaustion-penalty")
          .setDescription("Penalty to tests while exhausted (default 20)")
          .setMinValue(0)
          .setMaxValue(100),
      )
      .addStringOption((option) =>
        option
          .setName("broken-bond-loss")
          .setDescription("SAN loss a broken Bond's Helplessness test offers first (default 0/1D4)")
          .setMaxLength(60),
      )
      .addBooleanOption((option) =>
        option
          .setName("player-undo-rolls")
          .setDescription("Players may undo their own rolls and tests (default: off, GMs only)"),
      )
      .addBooleanOption((option) =>
        option
          .setName("reset-rules")
          .setDescription("True: every rule variant back to its default (before other changes)"),
      ),
  )
  .addSubcommandGroup((group) =>
    group
      .setName("gm")
      .setDescription("Who runs the campaign")
      .addSubcommand((sub) =>
        campaignOption(
          sub
            .setName("add")
            .setDescription("Make a member, or everyone with a role, a GM of the campaign")
            .addUserOption((option) => option.setName("user").setDescription("A member"))
            .addRoleOption((option) => option.setName("role").setDescription("A role")),
          "to add a GM to",
        ),
      )
      .addSubcommand((sub) =>
        campaignOption(
          sub
            .setName("remove")
            .setDescription("Remove a GM member or role from the campaign")
            .addUserOption((option) => option.setName("user").setDescription("A member"))
            .addRoleOption((option) => option.setName("role").setDescription("A role")),
          "to remove a GM from",
        ),
      ),
  )
  .addSubcommand((sub) =>
    campaignOption(
      sub
        .setName("export")
        .setDescription("GM: the campaign as a file (settings, custom content, the Extras)"),
      "to export",
    ),
  )
  .addSubcommand((sub) =>
    sub
      .setName("import")
      .setDescription("A new campaign here from a file `/campaign export` made")
      .addAttachmentOption((option) =>
        option.setName("file").setDescription("The .json file `/campaign export` made"),
      )
      .addStringOption((option) =>
        option.setName("json").setDescription("Or the file's text, pasted").setMaxLength(6000),
      )
      .addStringOption((option) =>
        option.setName("name").setDescription("A new name (default: the file's)").setMaxLength(100),
      ),
  )
  .addSubcommand((sub) =>
    campaignOption(
      sub
        .setName("bind")
        .setDescription("Make this channel play a campaign (commands here use it)"),
      "this channel plays",
    ),
  )
  .addSubcommand((sub) =>
    campaignOption(
      sub
        .setName("extras")
        .setDescription(
          "The Extras (optional rule modules): list them; GMs switch one on or set it",
        )
        .addStringOption((option) =>
          option
            .setName("module")
            .setDescription("The Extra to change")
            .setAutocomplete(true)
            .setMaxLength(64),
        )
        .addBooleanOption((option) =>
          option.setName("enabled").setDescription("Switch it on (True) or off (False)"),
        )
        .addStringOption((option) =>
          option
            .setName("setting")
            .setDescription("One of its settings to change")
            .setAutocomplete(true)
            .setMaxLength(64),
        )
        .addStringOption((option) =>
          option
            .setName("value")
            .setDescription("The setting's new value")
            .setAutocomplete(true)
            .setMaxLength(100),
        ),
      "whose Extras",
    ),
  )
  .addSubcommand((sub) =>
    campaignOption(
      sub
        .setName("party")
        .setDescription("Every active Protagonist: HP, WP, SAN, Bonds, Resources"),
      "to show",
    ),
  )
  .addSubcommand((sub) =>
    campaignOption(
      sub
        .setName("session-end")
        .setDescription("End the session: marked skills improve, then a summary (asks first)"),
      "whose session ends",
    ),
  )
  .addSubcommandGroup((group) =>
    group
      .setName("downtime")
      .setDescription("Between adventures")
      .addSubcommand((sub) =>
        sub
          .setName("replenish")
          .setDescription("Clear every checked Resources box of the campaign's Protagonists"),
      )
      .addSubcommand((sub) =>
        protagonistOption(
          sub
            .setName("bond")
            .setDescription("Improve a Bond (never above CHA, or 20 for a community)"),
          "Whose Bond",
        )
          .addStringOption((option) =>
            option
              .setName("bond")
              .setDescription("Which Bond")
              .setRequired(true)
              .setAutocomplete(true)
              .setMaxLength(64),
          )
          .addIntegerOption((option) =>
            option
              .setName("amount")
              .setDescription("Points to add")
              .setRequired(true)
              .setMinValue(1)
              .setMaxValue(99),
          ),
      )
      .addSubcommand((sub) =>
        protagonistOption(
          sub.setName("recover").setDescription("Recover SAN (never above Recovery SAN)"),
          "Who recovers",
        ).addIntegerOption((option) =>
          option
            .setName("amount")
            .setDescription("SAN points to recover")
            .setRequired(true)
            .setMinValue(1)
            .setMaxValue(99),
        ),
      )
      .addSubcommand((sub) =>
        protagonistOption(
          sub
            .setName("disorder")
            .setDescription(
              "Name a disorder (e.g. one left to the GM), cure one, or erase a cured one",
            ),
          "Whose disorder",
        )
          .addStringOption((option) =>
            option
              .setName("disorder")
              .setDescription("Which disorder")
              .setRequired(true)
              .setAutocomplete(true)
              .setMaxLength(64),
          )
          .addStringOption((option) =>
            option.setName("name").setDescription("Its new name, e.g. Insomnia").setMaxLength(200),
          )
          .addBooleanOption((option) =>
            option.setName("cure").setDescription("True: the disorder is cured"),
          )
          .addBooleanOption((option) =>
            option
              .setName("erase")
              .setDescription("True: strike a cured disorder from the sheet, to make room"),
          ),
      )
      .addSubcommand((sub) => {
        sub
          .setName("adversity")
          .setDescription("Bonds through shared adversity: every survivor tests SAN")
          .addBooleanOption((option) =>
            option
              .setName("all")
              .setDescription("True: every active Protagonist of the campaign survived"),
          );
        for (const name of SURVIVOR_OPTIONS) {
          sub.addStringOption((option) =>
            option
              .setName(name)
              .setDescription("A Protagonist who made it back")
              .setAutocomplete(true)
              .setMaxLength(64),
          );
        }
        return sub.addStringOption((option) =>
          option
            .setName("others")
            .setDescription(
              "Others who were on the adventure (NPCs, the fallen), comma-separated: their Bonds can't pay",
            )
            .setMaxLength(1000),
        );
      }),
  );
