import { ActionRowBuilder, ButtonBuilder, ButtonStyle, EmbedBuilder } from "discord.js";
import type { ProtagonistSummary } from "../services/protagonist-queries.js";
import { customId } from "../../../core/discord/custom-id.js";
import { EMBED_LIMITS, truncate, userText } from "../../../core/discord/format.js";
import { conditionBadges } from "./conditions.js";

export const LIST_PAGE_SIZE = 15;
const LIST_COLOUR = 0x2f4f6f;

export interface ListPage {
  embeds: EmbedBuilder[];
  components: ActionRowBuilder<ButtonBuilder>[];
}

/** One line per Protagonist; the owner is a mention, which embeds never ping. */
function line(p: ProtagonistSummary): string {
  const badges = p.conditions.length ? ` · ${conditionBadges(p.conditions)}` : "";
  return `**${userText(p.name)}** — <@${p.ownerId}> · ${userText(p.archetype)}\nHP ${p.hp}/${p.hpMax} · WP ${p.wp}/${p.wpMax} · SAN ${p.san}${badges}`;
}

/**
 * A page of the campaign's Protagonists, with ◀ ▶ buttons when there are more. The buttons carry
 * the page and the requester, so paging needs no stored state and only the requester pages.
 */
export function protagonistListPage(options: {
  command: string;
  action: string;
  summaries: readonly ProtagonistSummary[];
  page: number;
  includeInactive: boolean;
  requesterId: string;
}): ListPage {
  const { summaries } = options;
  const pages = Math.max(1, Math.ceil(summaries.length / LIST_PAGE_SIZE));
  const page = Math.min(Math.max(0, options.page), pages - 1);
  const shown = summaries.slice(page * LIST_PAGE_SIZE, (page + 1) * LIST_PAGE_SIZE);
  const embed = new EmbedBuilder()
    .setColor(LIST_COLOUR)
    .setTitle(options.includeInactive ? "Protagonists (all)" : "Protagonists in play")
    .setDescription(
      shown.length === 0
        ? "No Protagonists yet. Make one with `/protagonist create`."
        : truncate(shown.map(line).join("\n\n"), EMBED_LIMITS.description),
    );
  if (pages > 1) {
    embed.setFooter({ text: `Page ${page + 1} of ${pages} · ${summaries.length} Protagonists` });
  }
  const components =
    pages <= 1
      ? []
      : [
          new ActionRowBuilder<ButtonBuilder>().addComponents(
            [page - 1, page + 1].map((target, index) =>
              new ButtonBuilder()
                .setCustomId(
                  customId(
                    options.command,
                    options.action,
                    options.requesterId,
                    target,
                    options.includeInactive ? 1 : 0,
                  ),
                )
                .setLabel(index === 0 ? "◀ Previous" : "Next ▶")
                .setStyle(ButtonStyle.Secondary)
                .setDisabled(target < 0 || target >= pages),
            ),
          ),
        ];
  return { embeds: [embed], components };
}
