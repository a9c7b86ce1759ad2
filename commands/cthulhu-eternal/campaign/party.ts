import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  StringSelectMenuBuilder,
  type AnySelectMenuInteraction,
  type BaseInteraction,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
} from "discord.js";
import { actorFrom } from "../../../src/core/discord/actor.js";
import type {
  ComponentContext,
  HandlerContext,
} from "../../../src/games/cthulhu-eternal/command.js";
import { customId } from "../../../src/core/discord/custom-id.js";
import { truncate } from "../../../src/core/discord/format.js";
import { sheetContainers } from "../protagonist-sheet-rolls.js";
import type { ReplyMessage } from "../../../src/core/discord/reply.js";
import { partyEmbed, partyPages } from "../../../src/games/cthulhu-eternal/presentation/party.js";
import { assertRequester } from "../../../src/games/cthulhu-eternal/presentation/requester-only.js";
import type { BotServices } from "../../../src/games/cthulhu-eternal/game.js";
import type { ProtagonistView } from "../../../src/games/cthulhu-eternal/services/protagonist-queries.js";
import { COMMAND_NAME } from "./definition.js";

export const PARTY_PAGE_ACTION = "party";
/** The party's menu that opens one Protagonist's sheet. */
export const PARTY_SHEET_ACTION = "psheet";

/** One page of the party; the page buttons carry the campaign, the page and who may turn it. */
async function partyMessage(
  interaction: BaseInteraction,
  services: BotServices,
  campaignId: string | null,
  requestedPage: number,
  ownerId: string,
): Promise<ReplyMessage> {
  const actor = actorFrom(interaction);
  const campaign = await services.campaigns.current({ actor, campaignId });
  const members = await services.protagonists.list({ actor, campaignId: campaign.id });
  const views: ProtagonistView[] = [];
  for (const member of members) {
    views.push(await services.protagonists.get({ actor, protagonistId: member.id }));
  }
  const pages = partyPages(views);
  const page = Math.min(Math.max(0, requestedPage), pages.length - 1);
  const embed = partyEmbed(campaign.name, pages[page] ?? [], page, pages.length);
  // A field per Protagonist: this page's are the ones after the earlier pages'.
  const offset = pages.slice(0, page).reduce((count, fields) => count + fields.length, 0);
  const shown = views.slice(offset, offset + (pages[page]?.length ?? 0));
  const sheets = shown.length
    ? [
        new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(
          new StringSelectMenuBuilder()
            .setCustomId(customId(COMMAND_NAME, PARTY_SHEET_ACTION, campaign.id, page, ownerId))
            .setPlaceholder("📜 Open a sheet (only you see it)…")
            .addOptions(
              shown.map((view) => ({
                label: truncate(view.protagonist.name, 100),
                value: view.protagonist.id,
              })),
            ),
        ),
      ]
    : [];
  if (pages.length === 1) return { embeds: [embed], components: sheets };
  const button = (label: string, target: number) =>
    new ButtonBuilder()
      .setCustomId(customId(COMMAND_NAME, PARTY_PAGE_ACTION, campaign.id, target, ownerId))
      .setLabel(label)
      .setStyle(ButtonStyle.Secondary)
      .setDisabled(target < 0 || target >= pages.length);
  const row = new ActionRowBuilder<ButtonBuilder>().addComponents(
    button("◀ Previous", page - 1),
    button("Next ▶", page + 1),
  );
  return { embeds: [embed], components: [...sheets, row] };
}

/**
 * A sheet from the party's menu, privately, with its roll menus (for whoever may roll from it).
 * The party is put back first, as it is now, so the same sheet can be picked again.
 */
export async function openPartySheet(
  interaction: AnySelectMenuInteraction,
  { reply, services, args }: ComponentContext,
): Promise<void> {
  const actor = actorFrom(interaction);
  const view = await services.protagonists.get({
    actor,
    protagonistId: interaction.values[0] ?? "",
  });
  await reply.edit(await partyMessageAgain(interaction, services, args));
  for (const container of await sheetContainers(services, actor, view)) {
    await reply.send({ components: [container], componentsV2: true, ephemeral: true });
  }
}

export async function showParty(
  interaction: ChatInputCommandInteraction,
  { reply, services }: HandlerContext,
): Promise<void> {
  await reply.send(
    await partyMessage(
      interaction,
      services,
      interaction.options.getString("campaign"),
      0,
      interaction.user.id,
    ),
  );
}

/** Turns the page; only whoever ran the command (or someone with Manage Server) may. */
export async function turnPartyPage(
  interaction: ButtonInteraction,
  { reply, services, args }: ComponentContext,
): Promise<void> {
  const [, , ownerId] = args;
  if (!actorFrom(interaction).canManageGuild) {
    assertRequester(interaction, ownerId, "campaign party");
  }
  await reply.edit(await partyMessageAgain(interaction, services, args));
}

/** The party's message as it is now, on the page and for the requester its custom id names. */
function partyMessageAgain(
  interaction: AnySelectMenuInteraction | ButtonInteraction,
  services: ComponentContext["services"],
  [campaignId, page, ownerId]: readonly string[],
) {
  return partyMessage(interaction, services, campaignId ?? null, Number(page), ownerId ?? "");
}
