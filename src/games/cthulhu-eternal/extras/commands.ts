import { isRefusal as isEternalRefusal } from "../presentation/refusals.js";
import type {
  ApplicationCommandOptionChoiceData,
  AutocompleteInteraction,
  ChatInputCommandInteraction,
} from "discord.js";
import { actorFrom } from "../../../core/discord/actor.js";
import type { CommandModule, HandlerContext } from "../command.js";
import { truncate } from "../../../core/discord/format.js";
import type { BotServices } from "../game.js";
import { subcommandTable, type SubcommandRow } from "../../../core/discord/subcommands.js";
import { UserError } from "../../../core/discord/user-facing-error.js";
import { REGISTRY_ID } from "./extras-service.js";
import { ExtraRefusal, type ExtraModule } from "./module.js";
import { extrasChangeText, extrasEmbed, offText } from "./presentation.js";

/**
 * A row that runs only while the module is on in this channel's campaign; off, it answers
 * privately how a GM switches it on, and changes nothing. (The module's service checks again for
 * the campaign of the Protagonist it changes.)
 */
function gated(module: ExtraModule, row: SubcommandRow<BotServices>): SubcommandRow<BotServices> {
  return {
    ...row,
    run: async (interaction, context) => {
      const view = await context.services.extras.inCampaign({ actor: actorFrom(interaction) });
      const extra = view.extras.find((candidate) => candidate.module.id === module.id);
      if (extra?.enabled !== true) throw new UserError(offText(module, view.campaign.name));
      await row.run(interaction, context);
    },
  };
}

/** The slash command a module owns, every row behind the module's switch. */
export function extraCommand(module: ExtraModule): CommandModule {
  const rows = Object.fromEntries(
    Object.entries(module.command.subcommands).map(([path, row]) => [path, gated(module, row)]),
  );
  const table = subcommandTable(rows);
  return {
    definition: module.command.definition,
    ephemeral: table.isPrivate,
    writes: { subcommands: table.writing },
    gmOnly: table.gmOnly,
    execute: table.execute,
    ...(module.command.autocomplete ? { autocomplete: module.command.autocomplete } : {}),
  };
}

export function extraCommands(modules: readonly ExtraModule[]): CommandModule[] {
  return modules.map(extraCommand);
}

/** `/campaign extras`: the list, or a GM's change of one module. */
export async function campaignExtras(
  interaction: ChatInputCommandInteraction,
  { reply, services }: HandlerContext,
): Promise<void> {
  const { options } = interaction;
  const actor = actorFrom(interaction);
  const campaignId = options.getString("campaign");
  const moduleId = options.getString("module");
  const enabled = options.getBoolean("enabled");
  const key = options.getString("setting");
  const value = options.getString("value");
  if (moduleId === null && enabled === null && key === null && value === null) {
    await reply.send({
      embeds: [extrasEmbed(await services.extras.inCampaign({ actor, campaignId }))],
    });
    return;
  }
  if (moduleId === null) throw new ExtraRefusal(REGISTRY_ID, "no-module");
  if ((key === null) !== (value === null))
    throw new ExtraRefusal(REGISTRY_ID, "setting-needs-value");
  const outcome = await services.extras.change({
    actor,
    campaignId,
    moduleId,
    ...(enabled === null ? {} : { enabled }),
    ...(key !== null && value !== null ? { setting: { key, value } } : {}),
  });
  const view = await services.extras.inCampaign({ actor, campaignId: outcome.campaign.id });
  await reply.send({ content: extrasChangeText(outcome), embeds: [extrasEmbed(view)] });
}

const choice = (name: string, value: string) => ({ name: truncate(name, 100), value });

/** Autocomplete of `/campaign extras`: modules, the chosen module's settings, then its values. */
export function extrasChoices(
  interaction: AutocompleteInteraction,
  services: BotServices,
): ApplicationCommandOptionChoiceData[] {
  const focused = interaction.options.getFocused(true);
  const typed = focused.value.trim().toLowerCase();
  const modules = services.extras.modules;
  const chosen = modules.find((m) => m.id === interaction.options.getString("module"));
  const matching = (text: string) => text.toLowerCase().includes(typed);
  if (focused.name === "module") {
    return modules
      .filter((m) => matching(m.id) || matching(m.name))
      .map((m) => choice(`${m.name} (${m.id})`, m.id));
  }
  if (focused.name === "setting") {
    return (chosen?.settings ?? [])
      .filter((s) => matching(s.key) || matching(s.label))
      .map((s) => choice(`${s.key} — ${s.label}`, s.key));
  }
  if (focused.name === "value") {
    const setting = chosen?.settings.find(
      (s) => s.key === interaction.options.getString("setting"),
    );
    return (setting?.suggestions ?? []).filter(matching).map((v) => choice(v, v));
  }
  return [];
}

/** Whether an error means "no campaign here yet" (autocomplete and help show nothing then). */
export function isRefusal(error: unknown): boolean {
  return isEternalRefusal(error) || error instanceof ExtraRefusal;
}
