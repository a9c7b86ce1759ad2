import { EmbedBuilder } from "discord.js";
import { DEFAULT_RULE_OPTIONS, type RuleOptions } from "../rules/options.js";
import type { CampaignView, SecretRollMode } from "../services/campaign-service.js";
import { EMBED_LIMITS, truncate, userText } from "../../../core/discord/format.js";

/**
 * Every campaign setting as players read it: the value in force, whether it is the default, and
 * one line on what it does. Shared by `/campaign settings` and `/help`.
 */

export const SETTINGS_COLOUR = 0x5865f2;

/** The settings a campaign holds, by key; rule keys are those of `RuleOptions`. */
export type SettingKey = "era" | "secretRollMode" | "gmChannelId" | keyof RuleOptions;

export interface SettingLine {
  readonly key: SettingKey;
  readonly label: string;
  /** The value in force, shown in bold. */
  readonly value: string;
  readonly isDefault: boolean;
  /** The default, as shown. */
  readonly defaultValue: string;
  /** What the setting does, in one short line. */
  readonly meaning: string;
}

/** What a campaign starts with, outside the rule variants. */
export const CAMPAIGN_DEFAULTS = {
  era: "modern",
  secretRollMode: "ephemeral" as SecretRollMode,
  gmChannelId: null as string | null,
} as const;

const onOff = (value: boolean): string => (value ? "on" : "off");

const UNNATURAL_PICKS = (allowed: boolean): string =>
  allowed ? "allowed (SRD)" : "not allowed (Delta Green)";

const IMPROVEMENT: Readonly<Record<RuleOptions["improvement"], string>> = {
  "1d4": "+1D4 per marked skill",
  "1": "+1 per marked skill",
  "1d3": "+1D3 per marked skill",
  "1d4-1": "+1D4−1 per marked skill",
  check: "one d100 check: marked skills at or below it +1",
};

const PROJECTION: Readonly<Record<RuleOptions["projectionWpShortfall"], string>> = {
  cap: "cap: spend the WP there is",
  "allow-zero": "allow-zero: spend it all (WP may reach 0)",
  refuse: "refuse: no projecting unless WP covers the roll",
};

const SECRET_ROLLS: Readonly<Record<SecretRollMode, string>> = {
  off: "off: every roll is public",
  ephemeral: "ephemeral: only the roller sees it",
  "gm-channel": "gm-channel: the roller and the GM channel see it",
};

/** Where an era name is shown. */
function eraText(era: string): string {
  return era === "future" ? "future" : "modern";
}

function line(
  key: SettingKey,
  label: string,
  value: string,
  defaultValue: string,
  meaning: string,
): SettingLine {
  return { key, label, value, isDefault: value === defaultValue, defaultValue, meaning };
}

/** The rule variants' lines (also what `/help` shows when there is no campaign yet). */
export function ruleSettingLines(rules: RuleOptions): SettingLine[] {
  const d = DEFAULT_RULE_OPTIONS;
  return [
    line(
      "failureMarks",
      "Failure marks",
      onOff(rules.failureMarks),
      onOff(d.failureMarks),
      "A failed skill test ticks the skill (never Unnatural); marked skills may improve at session end.",
    ),
    line(
      "improvement",
      "Skill improvement",
      IMPROVEMENT[rules.improvement],
      IMPROVEMENT[d.improvement],
      "At session end (1D4 per the CE sheet; +1, 1D3, 1D4−1 or seed 002's single check instead).",
    ),
    line(
      "projectionWpShortfall",
      "Projection, WP short",
      PROJECTION[rules.projectionWpShortfall],
      PROJECTION[d.projectionWpShortfall],
      "Projecting SAN loss onto a Bond when WP is lower than the 1D4 rolled.",
    ),
    line(
      "adaptationResetOnInsanity",
      "Adaptation reset",
      onOff(rules.adaptationResetOnInsanity),
      onOff(d.adaptationResetOnInsanity),
      "A track's adaptation boxes clear at temporary insanity or the breaking point.",
    ),
    line(
      "temporaryInsanityThreshold",
      "Temporary insanity",
      `${rules.temporaryInsanityThreshold}+ SAN lost`,
      `${d.temporaryInsanityThreshold}+ SAN lost`,
      "SAN lost in one test (after projection) that makes a Protagonist temporarily insane.",
    ),
    line(
      "substandardPercent",
      "Sub-standard items",
      `top ${rules.substandardPercent}%`,
      `top ${d.substandardPercent}%`,
      "A Resources success in this top share of the target (at least 1 point) finds a sub-standard item.",
    ),
    line(
      "creationSkillCap",
      "Creation skill cap",
      `${rules.creationSkillCap}%`,
      `${d.creationSkillCap}%`,
      "Highest skill rating a new Protagonist may have.",
    ),
    line(
      "unnaturalBonusPicks",
      "Unnatural bonus picks",
      UNNATURAL_PICKS(rules.unnaturalBonusPicks),
      UNNATURAL_PICKS(d.unnaturalBonusPicks),
      "Whether bonus picks may raise Unnatural at creation (the SRD lets them; Delta Green does not).",
    ),
    line(
      "exhaustionPenalty",
      "Exhaustion penalty",
      `−${rules.exhaustionPenalty}`,
      `−${d.exhaustionPenalty}`,
      "Taken off every skill, stat, Luck and Resources test while exhausted, until rested.",
    ),
    line(
      "brokenBondSanLoss",
      "Broken Bond SAN loss",
      rules.brokenBondSanLoss,
      d.brokenBondSanLoss,
      "What the GM's Helplessness SAN test for a broken Bond offers first (the GM may change it each time).",
    ),
    line(
      "playerUndoRolls",
      "Players undo rolls",
      onOff(rules.playerUndoRolls),
      onOff(d.playerUndoRolls),
      "Whether players may `/undo` their own rolls and tests (a reroll); GMs always may.",
    ),
  ];
}

/** Every setting of the campaign, or the defaults a new campaign starts with. */
export function settingLines(campaign: CampaignView | null): SettingLine[] {
  const era = campaign?.era ?? CAMPAIGN_DEFAULTS.era;
  const mode = campaign?.secretRollMode ?? CAMPAIGN_DEFAULTS.secretRollMode;
  const gmChannel = campaign?.gmChannelId ?? null;
  return [
    line(
      "era",
      "Era",
      eraText(era),
      CAMPAIGN_DEFAULTS.era,
      "Which archetypes and skills Protagonist creation offers.",
    ),
    line(
      "secretRollMode",
      "Secret rolls",
      SECRET_ROLLS[mode],
      SECRET_ROLLS[CAMPAIGN_DEFAULTS.secretRollMode],
      "What `/roll … secret:True` does.",
    ),
    line(
      "gmChannelId",
      "GM channel",
      gmChannel === null ? "none" : `<#${gmChannel}>`,
      "none",
      "Where copies of secret rolls go in gm-channel mode.",
    ),
    ...ruleSettingLines(campaign?.rules ?? DEFAULT_RULE_OPTIONS),
  ];
}

/** "**on** (default)" or "**off** (default: on)". */
export function valueWithDefault(setting: SettingLine): string {
  const mark = setting.isDefault ? "(default)" : `(default: ${setting.defaultValue})`;
  return `**${setting.value}** ${mark}`;
}

/** One line per setting, for a compact list. */
export function compactSettingLines(lines: readonly SettingLine[]): string[] {
  return lines.map((setting) => `${setting.label}: ${valueWithDefault(setting)}`);
}

/** The full settings card: one field per setting, with what it means. */
export function settingsEmbed(campaign: CampaignView): EmbedBuilder {
  const lines = settingLines(campaign);
  return new EmbedBuilder()
    .setColor(SETTINGS_COLOUR)
    .setTitle(truncate(`⚙️ Settings of ${userText(campaign.name)}`, EMBED_LIMITS.title))
    .setDescription(
      `Session ${campaign.sessionNumber}${campaign.isDefault ? " · the server's default campaign" : ""}. Change one with \`/campaign settings <option>:<value>\`.`,
    )
    .addFields(
      lines.map((setting) => ({
        name: setting.label,
        value: truncate(
          `${valueWithDefault(setting)}\n${setting.meaning}`,
          EMBED_LIMITS.fieldValue,
        ),
      })),
    );
}

/** "Failure marks: on → off", for each setting that differs. */
export function settingChanges(before: CampaignView, after: CampaignView): string[] {
  const old = new Map(settingLines(before).map((setting) => [setting.key, setting.value]));
  const changes = settingLines(after)
    .filter((setting) => old.get(setting.key) !== setting.value)
    .map((setting) => `${setting.label}: ${old.get(setting.key) ?? "—"} → **${setting.value}**`);
  if (!before.isDefault && after.isDefault) changes.push("Now the server's default campaign.");
  return changes;
}
