import type { SettingKey } from "./campaign-settings.js";

/**
 * What `/help command:<name>` teaches beyond the option list: examples with what they do, how to
 * write what the command reads, and the campaign settings that change what it does. Every
 * example names only commands and options that exist (test/games/cthulhu-eternal/presentation/help.test.ts checks).
 */

export interface HelpExample {
  /** As typed in Discord: "/san loss:0/1D6 threat:Unnatural". */
  readonly command: string;
  readonly does: string;
}

export interface CommandHelp {
  readonly examples: readonly HelpExample[];
  /** How to write what it reads, and what happens next; short lines. */
  readonly notes?: readonly string[];
  /** The settings in force that change what this command does. */
  readonly settings?: readonly SettingKey[];
}

const example = (command: string, does: string): HelpExample => ({ command, does });

export const COMMAND_HELP: Readonly<Record<string, CommandHelp>> = {
  roll: {
    examples: [
      example("/roll expression:4d6kh3", "four d6, keep the highest three; every die is shown"),
      example("/roll expression:2d6+3", "dice and numbers with `+`, `-`, `*` and parentheses"),
      example(
        "/roll skill:Alertness modifier:-20",
        "a skill test of your Protagonist at −20; a failure ticks the skill's failure mark",
      ),
      example("/roll stat:POW", "a stat test at POW × 5"),
      example("/roll luck:True", "a Luck test at 50%"),
      example("/roll target:45 secret:True", "a plain test against 45 that only you see"),
      example(
        "/roll skill:Stealth versus:60 versus-label:the guard's Alertness",
        "an opposed test: your Stealth against the guard's 60; both rolls, who wins and why",
      ),
    ],
    notes: [
      "Dice: `NdS` (`d%` is `d100`), keep or drop `khN` `klN` `dhN` `dlN` (`k` is `kh`).",
      "Modifiers: +20 easy, −20 hard, ±40 extreme, or any number.",
      "Opposed: if only one side succeeds it wins; if both, a critical beats a success, else the higher roll; the same roll or both failing: no winner.",
    ],
    settings: ["failureMarks", "exhaustionPenalty", "secretRollMode", "gmChannelId"],
  },
  san: {
    examples: [
      example(
        "/san loss:0/1D6 threat:Unnatural source:the thing in the cellar",
        "your active Protagonist tests SAN: loses 0 on a success, 1D6 on a failure",
      ),
      example(
        "/san loss:1/1D4+1 threat:Violence protagonist:Ada",
        "the same for a named Protagonist (yours, or any as a GM)",
      ),
      example(
        "/san loss:0/1D6 threat:Helplessness all:True",
        "GM: every active Protagonist of the campaign at once, in one summary",
      ),
      example(
        "/bond project bond:Tom",
        "project the latest SAN loss onto a Bond (also the **Project onto a Bond** button under the result)",
      ),
    ],
    notes: [
      "The loss is written success/failure: `0/1D6`, `1/1D4+1`, `1D6/1D20`.",
      "Projecting spends 1D4 WP and takes as much off the loss and off the Bond, once, before anything else changes.",
      "Violence and Helplessness adapt: a Protagonist adapted to one passes its tests without rolling.",
    ],
    settings: ["temporaryInsanityThreshold", "projectionWpShortfall", "adaptationResetOnInsanity"],
  },
  bond: {
    examples: [
      example("/bond list", "every Bond with its kind and score; broken ones stay, crossed off"),
      example("/bond add name:Tom kind:individual", "a new Bond, starting at CHA (or `score:`)"),
      example("/bond damage bond:Tom amount:1D4", "harm to the Bond; at 0 it breaks"),
      example("/bond improve bond:Tom amount:2", "never above CHA (individual) or 20 (community)"),
      example("/bond project bond:Tom", "project your latest SAN loss onto Tom"),
      example(
        "/bond repress bond:Tom episode:the voices",
        "1D4 WP and as much from the Bond, then a SAN test to repress insanity",
      ),
    ],
    settings: ["projectionWpShortfall"],
  },
  protagonist: {
    examples: [
      example("/protagonist create", "build one step by step, privately, with a live preview"),
      example(
        "/protagonist show protagonist:Ada",
        "the sheet, with menus to roll a skill, a stat or Luck from it (±20, ±40, 🔒 secret)",
      ),
      example("/protagonist list all:True", "the campaign's Protagonists, retired ones too"),
      example(
        "/protagonist select protagonist:Ada scope:the whole campaign",
        "whom you play when a command names no one",
      ),
      example("/protagonist edit skill:Occult rating:45", "change the sheet; logged and undoable"),
      example("/protagonist export", "the sheet as a file, for `/protagonist import file:`"),
      example(
        "/protagonist import file:<ada.json>",
        "this bot's file, or a Cthulhu Forever export; the reply says what went where",
      ),
      example(
        "/protagonist export format:Cthulhu Forever",
        "a file the Cthulhu Forever web generator opens",
      ),
    ],
    settings: ["era", "creationSkillCap"],
  },
  resources: {
    examples: [
      example(
        "/resources test where:home difficulty:hard",
        "1D100 against Resources × 5, halved when hard; a success checks a box",
      ),
      example(
        "/resources pool where:at-hand with1:Tom",
        "the lead's rating plus a fifth of each other's",
      ),
      example("/resources gain amount:1D6", "roll above rating × 5 to add the award"),
      example("/resources status", "rating, boxes and targets, privately"),
      example("/resources lose amount:3 why:robbed protagonist:Ann", "GM: a loss"),
    ],
    settings: ["substandardPercent"],
  },
  hp: {
    examples: [
      example("/hp damage amount:1D6", "roll the damage and take it off HP"),
      example("/hp heal amount:2", "never above maximum HP"),
      example("/hp set amount:8", "set HP outright"),
      example(
        "/hp lethality rating:15 critical:True",
        "a lethality roll: at or under the rating kills",
      ),
    ],
    notes: ["HP 2 or less: unconscious; 0: dead."],
  },
  wp: {
    examples: [
      example("/wp damage amount:3", "take WP off"),
      example("/wp heal amount:1D4", "never above maximum WP"),
      example("/wp exhaust", "exhaustion: 1D6 WP, and a penalty to every test"),
      example("/wp rest", "rest: 1D6 WP back, and no longer exhausted"),
    ],
    notes: ["WP 2 or less: emotional collapse; 0: unconscious."],
    settings: ["exhaustionPenalty"],
  },
  campaign: {
    examples: [
      example("/campaign create name:Night Floors era:modern", "start a campaign; you are its GM"),
      example(
        "/campaign settings failure-marks:False improvement:check",
        "change the rules in force",
      ),
      example("/campaign gm add user:@Ada", "another GM"),
      example("/campaign bind campaign:Night Floors", "this channel plays that campaign"),
      example("/campaign session-end", "marked skills improve, then a summary of the session"),
      example(
        "/campaign downtime adversity all:True",
        "every survivor of a harrowing adventure tests SAN",
      ),
    ],
    settings: [
      "era",
      "secretRollMode",
      "gmChannelId",
      "failureMarks",
      "improvement",
      "projectionWpShortfall",
      "adaptationResetOnInsanity",
      "temporaryInsanityThreshold",
      "substandardPercent",
      "creationSkillCap",
      "exhaustionPenalty",
      "playerUndoRolls",
    ],
  },
  history: {
    examples: [
      example("/history", "the campaign's log, newest first, 10 events a page, privately"),
      example("/history protagonist:Ann public:True", "Ann's events, for the table"),
    ],
  },
  undo: {
    examples: [
      example("/undo", "your latest change, after you confirm"),
      example("/undo event:42", "GM: any change, by its number in `/history`"),
    ],
    notes: [
      "Rolls are kept in the history but are not changes: `/undo` skips them.",
      "Undoing a test's SAN loss or failure mark is a reroll: only a GM may, unless `player-undo-rolls` is on.",
      "Blocked by later changes? `/undo` lists them all and offers **Undo back to #N**, all or nothing.",
    ],
    settings: ["playerUndoRolls"],
  },
  help: {
    examples: [
      example("/help", "every command, and the rules in force here"),
      example("/help command:san", "one command: examples and its rules in force"),
    ],
  },
};
