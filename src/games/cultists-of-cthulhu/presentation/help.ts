import { firedOutcomes, type Settings } from "../rules/index.js";
import { DISCORD_LIMITS, joinLines } from "./limits.js";
import { EMBED_COLOUR, message, type GameMessage } from "./messages.js";
import { sampleDice, settingsLines } from "./settings-text.js";
import { listOf } from "./text.js";
import { RESULT_EMOJI, RESULT_MEANING, RESULT_NAME } from "./words.js";

/**
 * Help for the game: its commands (named by the command layer, which passes the names in), the
 * settings in force, and a few examples.
 */

export const COMMAND_KEYS = [
  "open",
  "join",
  "start",
  "character",
  "card",
  "deal",
  "status",
  "role",
  "turn",
  "stars",
  "check",
  "attack",
  "shoot",
  "steal",
  "horror",
  "wound",
  "monster",
  "item",
  "elder-sign",
  "reveal",
  "madness",
  "goal",
  "history",
  "settings",
  "undo",
  "end",
  "help",
] as const;
export type CommandKey = (typeof COMMAND_KEYS)[number];

/** How each command is typed ("/cultists check"); a command left out is not listed. */
export type CommandNames = Partial<Readonly<Record<CommandKey, string>>>;

const COMMAND_TEXT: Readonly<Record<CommandKey, string>> = {
  open: "open a game here: the scenario, and its goal letters if not A and B; you become the host",
  join: "join or leave the table while players gather (or use the lobby's buttons)",
  start: "host: close the lobby and start, optionally with the seating",
  character:
    "enter your character from its sheet (Wounds, Speed, Defense, Horror, the four abilities as dice)",
  card: "host: enter the scenario's Cultist cards (one for each number the stars align at) and any Academic cards",
  deal: "host: shuffle and deal the roles in secret, and name who goes first",
  status: "show the table: round, turn, Star Chart, cards in play, characters, monsters",
  role: "see your own role, privately",
  turn: "end your turn, or the University Turn",
  stars: "play the University Turn's Star Card, or move the Star Chart for an Event",
  check: "roll a five-die check: an ability at a difficulty colour, then one reroll",
  attack: "attack someone on your tile: the defender rolls first, then you",
  shoot: "use a ranged weapon: its check, then Goods − Defense to each target",
  steal: "steal from someone on your tile: Finesse at Red against their Defense",
  horror: "take Horror (or lose it, when a card says so)",
  wound: "take Wounds (with what the token says), heal one, or turn a Wound's token over",
  monster: "spawn a monster, meet one for the first time, or take one off the board",
  item: "gain, drop, pick up, give or discard Items and Artefacts",
  "elder-sign": "find, give, drop or pick up Elder Sign pieces",
  reveal: "the Cultist reveals, once the stars have reached their number",
  madness: "an Academic shows their Madness, once a Cultist has revealed",
  goal: "host: mark a goal part done (A1 before A2)",
  history: "what has happened, as far as you may know it",
  settings:
    "host, before the deal: change a setting below (die faces as Good/Weird/Bad, e.g. `3/2/1`)",
  undo: "undo the last action",
  end: "host: end the game, showing every role",
  help: "this help",
};

function commandLines(commands: CommandNames): string[] {
  return COMMAND_KEYS.flatMap((key) => {
    const name = commands[key];
    return name === undefined ? [] : [`\`/${escapeCommand(name)}\` — ${COMMAND_TEXT[key]}`];
  });
}

/** Command names are ours, but never let one break out of its code span. */
function escapeCommand(name: string): string {
  return name.replace(/`/g, "ˋ");
}

function examples(commands: CommandNames, settings: Settings): string[] {
  const use = (key: CommandKey) => {
    const name = commands[key];
    return name === undefined ? "" : ` (\`/${escapeCommand(name)}\`)`;
  };
  const fired = firedOutcomes({ good: 1, weird: 2, bad: 2 }, settings.thresholds);
  const fires =
    fired.length === 0
      ? "no outcome fires"
      : `the ${listOf(fired.map((r) => RESULT_NAME[r]))} ${fired.length === 1 ? "outcome fires" : "outcomes fire"}`;
  return [
    `An Event asks for Focus at Red and Nelson's Focus is 🟢🔵: the check${use("check")} takes ${sampleDice(settings)}. Rolled ${RESULT_EMOJI.good} ${RESULT_EMOJI.weird} ${RESULT_EMOJI.weird} ${RESULT_EMOJI.bad} ${RESULT_EMOJI.bad}, ${fires}; press “Reroll all Bad (2)” and the new dice stand.`,
    `Nelson attacks a Shoggoth${use("attack")}: the Shoggoth defends first with its Attack dice (monsters never reroll), then Nelson rolls Brawn at the Combat card's colour. Each deals its Goods plus the other's Bads, minus the other's Defense, at the same time.`,
    `The University Turn's player draws two Star Cards and plays one${use("stars")}; the chart moves. Only the Cultist learns that the stars have reached their number, in private${use("role")}.`,
  ];
}

export function helpMessage(commands: CommandNames, settings: Settings): GameMessage {
  const lines = commandLines(commands);
  return message(
    {
      embeds: [
        {
          color: EMBED_COLOUR.table,
          title: "🕯️ Cultists of Cthulhu — the companion",
          description: joinLines(
            [
              "The host shows the board on camera; the bot keeps the secrets (roles, the Cultist's number, the cards dealt unseen) and rolls the coloured five-die checks.",
              "",
              ...(lines.length > 0 ? lines : ["The commands are not set up yet."]),
            ],
            DISCORD_LIMITS.embedDescription,
          ),
        },
        {
          color: EMBED_COLOUR.table,
          title: "This table's settings",
          description: joinLines(settingsLines(settings), DISCORD_LIMITS.embedDescription),
          footer: {
            text: `Faces: ✴️ Good, the Elder Sign (${RESULT_MEANING.good}) · 🌿 Weird, the branch (${RESULT_MEANING.weird}) · 🌀 Bad, the Yellow Sign (${RESULT_MEANING.bad}). Dice: 🟢 Green · 🔵 Blue · 🔴 Red.`,
          },
        },
        {
          color: EMBED_COLOUR.table,
          title: "Examples",
          description: joinLines(examples(commands, settings), DISCORD_LIMITS.embedDescription),
        },
      ],
    },
    true,
  );
}
