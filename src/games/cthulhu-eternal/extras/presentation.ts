import { EmbedBuilder } from "discord.js";
import { EMBED_LIMITS, truncate, userText } from "../../../core/discord/format.js";
import { typed } from "../presentation/words.js";
import type { CampaignExtra } from "./campaign-extras.js";
import type { CampaignExtrasView, ExtrasChangeOutcome } from "./extras-service.js";
import { EXTRAS_CHANGE, extrasChangePayload, REGISTRY_ID } from "./extras-service.js";
import type { LoggedFact } from "../services/event-facts.js";
import { eventLines } from "../presentation/event-lines.js";
import type { CommandHelp } from "../presentation/help-examples.js";
import { campaignExtras } from "./campaign-extras.js";
import {
  ExtraRefusal,
  type ExtraModule,
  type ExtraSetting,
  type ExtraSettingValues,
} from "./module.js";

/** The registry's words: the Extras list, switching one on, refusals, and `/help`'s part. */

const EXTRAS_COLOUR = 0x8e44ad;

const onOff = (enabled: boolean): string => (enabled ? "**on**" : "off");

/** How a GM switches the module on. */
export function switchOnHint(module: ExtraModule): string {
  return `\`/campaign extras module:${module.id} enabled:True\``;
}

/** A module's command used while it is off in the campaign. */
export function offText(module: ExtraModule, campaign: string): string {
  return `**${module.name}** is an Extra, and it is off in **${userText(campaign)}**: nothing was done. A GM switches it on with ${switchOnHint(module)}.`;
}

/** "Sessions for a talent: **20 sessions** (default)". */
export function extraSettingLine(setting: ExtraSetting, values: ExtraSettingValues): string {
  const value = values[setting.key] ?? setting.defaultValue;
  const isDefault = value === setting.defaultValue;
  return `\`${setting.key}\` ${setting.label}: **${setting.show(value)}** ${isDefault ? "(default)" : `(default: ${setting.show(setting.defaultValue)})`}`;
}

function moduleLines(extra: CampaignExtra): string {
  const { module } = extra;
  const settings = module.settings.map(
    (setting) => `• ${extraSettingLine(setting, extra.settings)}`,
  );
  return truncate(
    [`${module.summary} Command: \`/${commandName(module)}\`.`, ...settings].join("\n"),
    EMBED_LIMITS.fieldValue,
  );
}

export function commandName(module: ExtraModule): string {
  const definition = module.command.definition;
  return "toJSON" in definition ? definition.toJSON().name : definition.name;
}

/** `/campaign extras` without a change: every module, on or off, with its settings. */
export function extrasEmbed(view: CampaignExtrasView): EmbedBuilder {
  return new EmbedBuilder()
    .setColor(EXTRAS_COLOUR)
    .setTitle(truncate(`🧩 Extras of ${userText(view.campaign.name)}`, EMBED_LIMITS.title))
    .setDescription(
      view.extras.length
        ? "Optional rule modules (seed 002), off until a GM switches one on: `/campaign extras module:<module> enabled:True`; a setting: `setting:<key> value:<value>`."
        : "This bot has no Extras.",
    )
    .addFields(
      view.extras.map((extra) => ({
        name: truncate(
          `${extra.module.name} (\`${extra.module.id}\`): ${extra.enabled ? "on" : "off"}`,
          EMBED_LIMITS.fieldName,
        ),
        value: moduleLines(extra),
      })),
    );
}

/** What a GM's change did. */
export function extrasChangeText(outcome: ExtrasChangeOutcome): string {
  const { before, after } = outcome;
  const lines: string[] = [];
  if (before.enabled !== after.enabled) {
    lines.push(
      `**${after.module.name}** is now ${onOff(after.enabled)} in **${userText(outcome.campaign.name)}**.`,
    );
  }
  for (const setting of after.module.settings) {
    const old = before.settings[setting.key];
    const now = after.settings[setting.key];
    if (old !== undefined && now !== undefined && old !== now) {
      lines.push(`${setting.label}: ${setting.show(old)} → **${setting.show(now)}**`);
    }
  }
  if (lines.length === 0) {
    lines.push(
      `Nothing changed: **${after.module.name}** already was ${onOff(after.enabled)} with those settings.`,
    );
  }
  if (!after.enabled) lines.push(`Switch it on with ${switchOnHint(after.module)}.`);
  return lines.join("\n");
}

/** The log's line for a GM's change of the Extras, or for an event a module logged. */
function extrasEventLine(fact: LoggedFact, modules: readonly ExtraModule[]): string | undefined {
  if (fact.kind !== EXTRAS_CHANGE.kind) {
    for (const module of modules) {
      const line = module.eventLine(fact);
      if (line !== undefined) return line;
    }
    return undefined;
  }
  const parsed = extrasChangePayload.safeParse(fact.payload);
  if (fact.payloadVersion !== EXTRAS_CHANGE.version || !parsed.success) return undefined;
  const change = parsed.data;
  const name = modules.find((m) => m.id === change.moduleId)?.name ?? change.moduleId;
  const setting = change.setting ? `, ${change.setting.key} = ${String(change.setting.value)}` : "";
  return `Extras: ${name} ${change.enabled ? "on" : "off"}${setting}`;
}

/** The log's words, with the Extras this bot offers. */
export function logLines(modules: readonly ExtraModule[]): (fact: LoggedFact) => string {
  return eventLines((fact) => extrasEventLine(fact, modules));
}

/** The registry's refusals, and any module's "off". */
/** An Extra's refusal (or the registry's) in the game's words; undefined for any other error. */
export function extraRefusalText(
  error: unknown,
  modules: readonly ExtraModule[],
): string | undefined {
  return error instanceof ExtraRefusal ? registryRefusalText(error, modules) : undefined;
}

export function registryRefusalText(
  refusal: ExtraRefusal,
  modules: readonly ExtraModule[],
): string | undefined {
  const module = modules.find(
    (candidate) => candidate.id === (refusal.params.module ?? refusal.moduleId),
  );
  const p = refusal.params;
  if (refusal.code === "off" && module) return offText(module, String(p.campaign ?? ""));
  if (refusal.moduleId !== REGISTRY_ID) return module?.refusalText(refusal);
  const ids = modules.map((m) => `\`${m.id}\``).join(", ");
  switch (refusal.code) {
    case "unknown-module":
      return `There is no Extra ${typed(String(p.typed ?? ""), 40)}. The Extras are ${ids || "none"}: see \`/campaign extras\`.`;
    case "unknown-setting":
      return `**${module?.name ?? ""}** has no setting ${typed(String(p.typed ?? ""), 40)}. Its settings: ${module?.settings.map((s) => `\`${s.key}\``).join(", ") || "none"}.`;
    case "bad-value": {
      const setting = module?.settings.find((s) => s.key === p.setting);
      return `${typed(String(p.typed ?? ""), 40)} is not a value \`${String(p.setting ?? "")}\` takes: give ${setting?.expected ?? "another value"}. Nothing was changed.`;
    }
    case "no-module":
      return `Name the Extra to change: \`/campaign extras module:<module> enabled:True\`. Without options, \`/campaign extras\` lists them.`;
    case "setting-needs-value":
      return "A setting needs both `setting:` and `value:`, e.g. `setting:talent-sessions value:10`.";
    default:
      return undefined;
  }
}

/** `/help`'s part: every module, and whether this channel's campaign has it on. */
export function extrasHelpEmbed(
  modules: readonly ExtraModule[],
  view: CampaignExtrasView | null,
  defaults: readonly CampaignExtra[],
): EmbedBuilder {
  const extras = view?.extras ?? defaults;
  const intro = view
    ? `Optional rule modules; in **${userText(view.campaign.name)}** a GM switches them with \`/campaign extras\`.`
    : "Optional rule modules, off in a new campaign; a GM switches them with `/campaign extras`.";
  return new EmbedBuilder()
    .setColor(EXTRAS_COLOUR)
    .setTitle("🧩 Extras")
    .setDescription(modules.length ? intro : "This bot has no Extras.")
    .addFields(
      extras.map((extra) => ({
        name: truncate(
          `${extra.module.name}: ${extra.enabled ? "on" : "off"}`,
          EMBED_LIMITS.fieldName,
        ),
        value: moduleLines(extra),
      })),
    );
}

/** `/help command:<name>` of a module's command: its examples, whether it is on, its settings. */
export function extraCommandHelp(
  module: ExtraModule,
  view: CampaignExtrasView | null,
): CommandHelp {
  const extra =
    view?.extras.find((candidate) => candidate.module.id === module.id) ??
    campaignExtras([module], null)[0];
  const state = view
    ? `**${module.name}** is an Extra: ${onOff(extra?.enabled ?? false)} in **${userText(view.campaign.name)}**${extra?.enabled ? "" : `; a GM switches it on with ${switchOnHint(module)}`}.`
    : `**${module.name}** is an Extra, off in a new campaign; a GM switches it on with ${switchOnHint(module)}.`;
  const settings = module.settings.map((setting) =>
    extraSettingLine(setting, extra?.settings ?? {}),
  );
  return {
    ...module.command.help,
    notes: [state, ...(module.command.help.notes ?? []), ...settings],
  };
}
