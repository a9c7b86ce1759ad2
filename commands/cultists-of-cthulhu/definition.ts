import {
  InteractionContextType,
  SlashCommandBuilder,
  type SlashCommandSubcommandBuilder,
} from "discord.js";
import { cardGroup, elderSignGroup, itemGroup, monsterGroup } from "./definition-groups.js";
import {
  ability,
  colour,
  combatant,
  integer,
  sheetOptions,
  text,
  woundTokens,
} from "./definition-options.js";
import { SETTABLE_NAME } from "../../src/games/cultists-of-cthulhu/presentation/index.js";
import { SETTABLE_KEYS } from "../../src/games/cultists-of-cthulhu/rules/index.js";

/**
 * `/cultists`: the Cultists of Cthulhu companion. Discord allows 25 subcommands and groups at the
 * top, 25 options each: the game's verbs sit at the top, the families of moves in groups.
 */
export const COMMAND_NAME = "cultists";

/** `/cultists lobby settings`: one of the table's settings, before the deal. */
function settingsSubcommand(s: SlashCommandSubcommandBuilder): SlashCommandSubcommandBuilder {
  return s
    .setName("settings")
    .setDescription("Host, before the deal: change one of the table's settings")
    .addStringOption((o) =>
      o
        .setName("setting")
        .setDescription("Which setting (/cultists help lists them with their values)")
        .setRequired(true)
        .addChoices(...SETTABLE_KEYS.map((key) => ({ name: SETTABLE_NAME[key], value: key }))),
    )
    .addStringOption((o) =>
      o
        .setName("value")
        .setDescription("The new value, e.g. 3/2/1 for die faces (Good/Weird/Bad)")
        .setRequired(true)
        .setMaxLength(40),
    );
}

export const definition = new SlashCommandBuilder()
  .setName(COMMAND_NAME)
  .setDescription("Cultists of Cthulhu: the secret roles, the Star Chart and the coloured dice.")
  .setContexts(InteractionContextType.Guild)
  .addSubcommand((s) =>
    s
      .setName("open")
      .setDescription("Open a game in this channel; you become its host")
      .addStringOption((o) =>
        o
          .setName("scenario")
          .setDescription("The scenario (the four base ones are offered; any name is fine)")
          .setRequired(true)
          .setMaxLength(100)
          .setAutocomplete(true),
      )
      .addStringOption((o) =>
        o
          .setName("goals")
          .setDescription('Goal letters if not "A B", e.g. "A B C"')
          .setMaxLength(40),
      ),
  )
  .addSubcommandGroup((g) =>
    g
      .setName("lobby")
      .setDescription("Join, leave or start (the lobby's buttons do the same)")
      .addSubcommand((s) => s.setName("join").setDescription("Join the table"))
      .addSubcommand((s) => s.setName("leave").setDescription("Leave the table"))
      .addSubcommand((s) => s.setName("start").setDescription("Host: close the lobby and start"))
      .addSubcommand((s) => settingsSubcommand(s)),
  )
  .addSubcommandGroup((g) =>
    g
      .setName("character")
      .setDescription("Your characters: enter one from its sheet, save or load one")
      .addSubcommand((s) =>
        sheetOptions(s.setName("enter").setDescription("Enter a character from its sheet"))
          .addBooleanOption((o) => o.setName("save").setDescription("Also save it for this server"))
          .addBooleanOption((o) =>
            o
              .setName("set-aside")
              .setDescription("One player: a candidate for the set-aside character, drawn unseen"),
          )
          .addUserOption((o) =>
            o.setName("player").setDescription("Host: enter it for this player"),
          ),
      )
      .addSubcommand((s) =>
        sheetOptions(
          s.setName("save").setDescription("Save a character for this server, for later games"),
        ),
      )
      .addSubcommand((s) =>
        s
          .setName("load")
          .setDescription("Enter one of your saved characters")
          .addStringOption((o) =>
            o
              .setName("name")
              .setDescription("Which saved character")
              .setRequired(true)
              .setAutocomplete(true),
          ),
      )
      .addSubcommand((s) =>
        combatant(
          s.setName("remove").setDescription("Take back a character entered by mistake"),
          "character",
          "Which character",
        ),
      ),
  )
  .addSubcommandGroup(cardGroup)
  .addSubcommand((s) =>
    s
      .setName("deal")
      .setDescription("Host: shuffle and deal the roles in secret")
      .addUserOption((o) =>
        o.setName("first").setDescription("Who takes the first turn (default: the first seat)"),
      ),
  )
  .addSubcommand((s) => s.setName("status").setDescription("Show the table (a new status message)"))
  .addSubcommand((s) => s.setName("role").setDescription("See your role, privately"))
  .addSubcommand((s) => s.setName("turn").setDescription("End your turn, or the University Turn"))
  .addSubcommandGroup((g) =>
    g
      .setName("stars")
      .setDescription("The Star Chart")
      .addSubcommand((s) =>
        text(
          integer(
            s.setName("play").setDescription("Play the University Turn's Star Card"),
            "advance",
            "How far it moves the chart",
            0,
            30,
          ).addStringOption((o) =>
            o
              .setName("duration")
              .setDescription("How long it lasts")
              .setRequired(true)
              .addChoices(
                { name: "Instant", value: "instant" },
                { name: "One round", value: "one-round" },
                { name: "Weather", value: "weather" },
              ),
          ),
          "name",
          "The card's name",
          false,
          100,
        ),
      )
      .addSubcommand((s) =>
        integer(
          s.setName("advance").setDescription("Move the chart for an Event or a card"),
          "amount",
          "How far",
          1,
          30,
        ),
      ),
  )
  .addSubcommand((s) =>
    colour(
      ability(
        combatant(
          s.setName("check").setDescription("Roll a five-die check"),
          "character",
          "Who rolls",
        ),
      ),
      "difficulty",
      "The difficulty colour that fills the pool",
    )
      .addIntegerOption((o) =>
        o
          .setName("goods")
          .setDescription("Goods that fire the Good outcome (default 3)")
          .setMinValue(1)
          .setMaxValue(30),
      )
      .addIntegerOption((o) =>
        o
          .setName("weirds")
          .setDescription("Weirds that fire the Weird outcome (default 2)")
          .setMinValue(1)
          .setMaxValue(30),
      )
      .addIntegerOption((o) =>
        o
          .setName("bads")
          .setDescription("Bads that fire the Bad outcome (default 2)")
          .setMinValue(1)
          .setMaxValue(30),
      ),
  )
  .addSubcommand((s) =>
    integer(
      colour(
        combatant(
          combatant(
            s.setName("attack").setDescription("Attack: the defender rolls first, then you"),
            "attacker",
            "Who attacks",
          ),
          "defender",
          "Who is attacked",
        ),
        "colour",
        "The Combat card's colour",
      ),
      "defense",
      "The Combat card sets everyone's Defense to this",
      0,
      99,
      false,
    ),
  )
  .addSubcommand((s) =>
    combatant(
      combatant(
        combatant(
          colour(
            ability(
              combatant(
                s.setName("ranged").setDescription("Shoot: Goods − Defense to each target"),
                "shooter",
                "Who shoots",
              ),
            ),
            "colour",
            "The difficulty colour",
          ),
          "target",
          "The first target",
        ),
        "target2",
        "Another target",
        false,
      ),
      "target3",
      "Another target",
      false,
    ).addBooleanOption((o) =>
      o.setName("weirds-count").setDescription("The weapon counts Weirds as damage too"),
    ),
  )
  .addSubcommand((s) =>
    combatant(
      combatant(
        s.setName("steal").setDescription("Steal: Finesse at Red against their Defense"),
        "thief",
        "Who steals",
      ),
      "target",
      "From whom",
    ),
  )
  .addSubcommand((s) =>
    integer(
      combatant(s.setName("horror").setDescription("Take Horror (or lose it)"), "character", "Who"),
      "amount",
      "How much",
      1,
      30,
    ).addBooleanOption((o) =>
      o.setName("lose").setDescription("Lose this much Horror instead (a card says so)"),
    ),
  )
  .addSubcommand((s) =>
    combatant(
      s
        .setName("wound")
        .setDescription(
          "Wounds to a character or damage to a monster; or heal a Wound, or turn its token over",
        ),
      "target",
      "Who",
    )
      .addIntegerOption((o) =>
        o.setName("amount").setDescription("How many (default 1)").setMinValue(1).setMaxValue(30),
      )
      .addStringOption((o) =>
        woundTokens(o.setName("token").setDescription("What the Wound token says (one Wound)")),
      )
      .addStringOption((o) =>
        woundTokens(o.setName("heal").setDescription("Heal one Wound whose token says this")),
      )
      .addStringOption((o) =>
        woundTokens(
          o.setName("set").setDescription("Turn one Wound whose token says this over to `token`"),
        ),
      ),
  )
  .addSubcommandGroup(monsterGroup)
  .addSubcommandGroup(itemGroup)
  .addSubcommandGroup(elderSignGroup)
  .addSubcommand((s) =>
    s
      .setName("reveal")
      .setDescription("The Cultist reveals (once the stars reach your number)")
      .addStringOption((o) =>
        o
          .setName("cultist")
          .setDescription("Two players: your character who becomes the Cultist")
          .setAutocomplete(true),
      )
      .addStringOption((o) =>
        o
          .setName("sacrifice")
          .setDescription("Two players: your character who dies")
          .setAutocomplete(true),
      ),
  )
  .addSubcommand((s) =>
    s.setName("madness").setDescription("An Academic shows their Madness to the table"),
  )
  .addSubcommand((s) =>
    text(
      s.setName("goal").setDescription("Host: mark a goal part done (A1 before A2)"),
      "goal",
      "The goal letter",
      true,
      10,
    ).addIntegerOption((o) =>
      o
        .setName("part")
        .setDescription("Which part")
        .setRequired(true)
        .addChoices({ name: "1", value: 1 }, { name: "2", value: 2 }),
    ),
  )
  .addSubcommand((s) =>
    s.setName("history").setDescription("What has happened, as far as you may know it"),
  )
  .addSubcommand((s) => s.setName("undo").setDescription("Host: undo the last action"))
  .addSubcommand((s) => s.setName("end").setDescription("Host: end the game, showing every role"))
  .addSubcommand((s) =>
    s.setName("help").setDescription("How to play with the bot, and this table's settings"),
  );
