import type { ApplicationCommandOptionChoiceData, AutocompleteInteraction } from "discord.js";
import type { z } from "zod";
import type { SlashCommandDefinitionSource } from "../../../core/discord/command.js";
import type { AutocompleteContext } from "../command.js";
import type { CommandHelp } from "../presentation/help-examples.js";
import type { SubcommandRow } from "../../../core/discord/subcommands.js";
import type { BotServices } from "../game.js";
import type { ServiceDeps } from "../services/deps.js";
import type { ProtagonistSnapshot } from "../services/snapshot.js";
import type { LoggedFact } from "../services/event-facts.js";
import type {
  Loss,
  Opponent,
  OpponentDefence,
  OpponentRef,
  OpponentWound,
  Reductions,
  TestOn,
} from "../services/extension-points.js";
import type { TestCondition } from "../rules/percentile.js";

/**
 * The Extras: opt-in campaign modules (seed 002). Each module brings its settings, its part of
 * the sheet, its event kinds and its slash command; a GM switches it on per campaign. The
 * composition root hands one list of them to the commands, the sheet and `/help`; nothing else
 * names a module.
 */

/** What a setting holds once parsed. */
export type ExtraSettingValue = string | number | boolean;

/** The settings of one module in one campaign, every key filled (stored value or default). */
export type ExtraSettingValues = Readonly<Record<string, ExtraSettingValue>>;

/** One setting of a module: a typed value with a documented default. */
export interface ExtraSetting {
  /** What a GM types: `/campaign extras module:<id> setting:<key> value:<value>`. */
  readonly key: string;
  readonly label: string;
  /** What it changes, in one short line. */
  readonly meaning: string;
  readonly schema: z.ZodType<ExtraSettingValue>;
  readonly defaultValue: ExtraSettingValue;
  /** The values offered while typing (all of them for a choice, examples for a number). */
  readonly suggestions: readonly string[];
  /** What to type, for a value the schema refuses: "a whole number from 1 to 100". */
  readonly expected: string;
  /** The value as shown: "20 sessions". */
  show(value: ExtraSettingValue): string;
}

/** What a module's part of the sheet may read of the campaign. */
export interface ExtraSheetContext {
  /** The session being played, or the one the downtime leads to. */
  readonly sessionNumber: number;
}

/** A field of the sheet's main embed. */
export interface ExtraSheetField {
  readonly name: string;
  readonly value: string;
}

/** A module's typed event: its kind in the log and its payload's schema. */
export interface ExtraEventKind {
  /** Begins with the module's id and a dash (extras/registry.ts checks it at start). */
  readonly kind: string;
  /** The payload schema's version, stored with each event (a new shape is a new version). */
  readonly version: number;
  readonly payload: z.ZodType;
  /** A roll or test: undoing one is a reroll, only a GM's unless `player-undo-rolls` is on. */
  readonly roll: boolean;
}

/** A refusal a module's service throws as data; the module's presentation words it. */
export class ExtraRefusal extends Error {
  override name = "ExtraRefusal";
  constructor(
    readonly moduleId: string,
    readonly code: string,
    readonly params: Readonly<Record<string, string | number>> = {},
  ) {
    super(`${moduleId}: ${code}`);
  }
}

/**
 * How a module takes part in what the core game does, while it is on in the campaign: each hook
 * answers with data, and the core applies it (the module never edits a core service).
 */
export interface ExtraHooks {
  /** A test is about to be rolled: conditions the module adds to its target. */
  testConditions?(
    protagonist: ProtagonistSnapshot,
    settings: ExtraSettingValues,
    test: TestOn,
  ): TestCondition[];
  /** Whether the module takes losses marked corrupting (the registry refuses them otherwise). */
  readonly takesCorruptingLosses?: boolean;
  /** A loss about to be written: the sheet after it, as the module leaves it. */
  afterLoss?(loss: Loss, settings: ExtraSettingValues): ProtagonistSnapshot;
  /** What the module takes off Max SAN. */
  maxSanReduction?(protagonist: ProtagonistSnapshot, settings: ExtraSettingValues): number;
  /** What its part of an imported sheet took off the sheet's maxima and stats. */
  reductions?(data: unknown): Reductions;
  /** Its part of a sheet as an export carries it, when that differs from what it stores (ids). */
  exportSheet?(protagonist: ProtagonistSnapshot): unknown;
  /** An imported part made the new Protagonist's (new ids), the inverse of `exportSheet`. */
  importSheet?(data: unknown, protagonist: ProtagonistSnapshot): unknown;
  /** A test against a named opponent the module knows: its conditions (throws for a name it doesn't). */
  opponentConditions?(opponent: Opponent, settings: ExtraSettingValues): TestCondition[];
  /** The opponents it keeps that the viewer may name. */
  opponentNames?(ref: Pick<OpponentRef, "campaign" | "gm">): string[];
  /** What an attack on one of them meets. */
  opponentDefence?(ref: OpponentRef): OpponentDefence;
  /** One of them wounded. */
  woundOpponent?(ref: OpponentRef, wound: { points: number; lethal: boolean }): OpponentWound;
}

export interface ExtraModule<Service = unknown> {
  /** Stable id, stored with the campaign: never rename it. */
  readonly id: string;
  /** As players read it: "Training and Talents". */
  readonly name: string;
  /** What it adds, in one line. */
  readonly summary: string;
  readonly settings: readonly ExtraSetting[];
  /** The schema of its campaign data (a catalogue), checked when a campaign is imported. */
  readonly campaignData?: z.ZodType;
  readonly events: readonly ExtraEventKind[];
  /** The slash command it owns, with one row per subcommand (handler, writes, private). */
  readonly command: {
    readonly definition: SlashCommandDefinitionSource;
    readonly subcommands: Readonly<Record<string, SubcommandRow<BotServices>>>;
    readonly autocomplete?: (
      interaction: AutocompleteInteraction,
      context: AutocompleteContext,
    ) => Promise<readonly ApplicationCommandOptionChoiceData[]>;
    /** `/help command:<name>`: examples and notes. */
    readonly help: CommandHelp;
  };
  /** Its part of the sheet while it is on: fields added to the main embed. */
  sheet(
    protagonist: ProtagonistSnapshot,
    settings: ExtraSettingValues,
    campaign: ExtraSheetContext,
  ): ExtraSheetField[];
  /** The log's line for one of its events; undefined for a kind or version it doesn't know. */
  eventLine(fact: LoggedFact): string | undefined;
  /** The words for a refusal its service threw. */
  refusalText(refusal: ExtraRefusal): string;
  /** Its part in the core game's own actions. */
  readonly hooks?: ExtraHooks;
  /** Its service, built once from the same database and dice as the others. */
  createService(deps: ServiceDeps): Service;
}
