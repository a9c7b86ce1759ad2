import {
  ButtonStyle,
  ComponentType,
  type APIActionRowComponent,
  type APIButtonComponentWithCustomId,
  type APIComponentInMessageActionRow,
  type APIEmbed,
  type APISelectMenuOption,
  type APIStringSelectComponent,
} from "discord.js";
import { cut, DISCORD_LIMITS, fitEmbeds } from "./limits.js";

/**
 * What every renderer returns: plain message data the bot passes to `reply`/`editReply`
 * (embeds and components as Discord's JSON). Nothing in it can ping: mentions are never parsed.
 */

export type ActionRow = APIActionRowComponent<APIComponentInMessageActionRow>;

export interface GameMessage {
  content?: string;
  embeds: APIEmbed[];
  components: ActionRow[];
  /** Only the player who asked sees it (roles, refusals). */
  ephemeral?: boolean;
  allowedMentions: { parse: [] };
}

/** Embed colours: the game's dark green baize, the Cultist's crimson, the Elder Sign's gold. */
export const EMBED_COLOUR = {
  table: 0x2e7d32,
  roll: 0x546e7a,
  good: 0xf9a825,
  danger: 0xb71c1c,
  private: 0x4527a0,
  refusal: 0xe65100,
} as const;

/** A message within Discord's limits: embeds fitted, content cut, at most five rows. */
export function message(
  parts: { content?: string; embeds?: APIEmbed[]; components?: ActionRow[] },
  ephemeral = false,
): GameMessage {
  return {
    ...(parts.content === undefined ? {} : { content: cut(parts.content, DISCORD_LIMITS.content) }),
    embeds: fitEmbeds(parts.embeds ?? []),
    components: (parts.components ?? []).slice(0, DISCORD_LIMITS.actionRows),
    ...(ephemeral ? { ephemeral: true } : {}),
    allowedMentions: { parse: [] },
  };
}

export function button(
  customId: string,
  label: string,
  style:
    | ButtonStyle.Primary
    | ButtonStyle.Secondary
    | ButtonStyle.Success
    | ButtonStyle.Danger = ButtonStyle.Secondary,
  options: { emoji?: string; disabled?: boolean } = {},
): APIButtonComponentWithCustomId {
  return {
    type: ComponentType.Button,
    custom_id: customId,
    label: cut(label, DISCORD_LIMITS.buttonLabel),
    style,
    ...(options.emoji === undefined ? {} : { emoji: { name: options.emoji } }),
    ...(options.disabled ? { disabled: true } : {}),
  };
}

/** Buttons in rows of at most five. */
export function buttonRows(buttons: readonly APIButtonComponentWithCustomId[]): ActionRow[] {
  const rows: ActionRow[] = [];
  for (let i = 0; i < buttons.length; i += DISCORD_LIMITS.buttonsPerRow) {
    rows.push({
      type: ComponentType.ActionRow,
      components: buttons.slice(i, i + DISCORD_LIMITS.buttonsPerRow),
    });
  }
  return rows;
}

export interface MenuOption {
  value: string;
  label: string;
  description?: string;
  emoji?: string;
  default?: boolean;
}

/** A string select menu in its own row; options beyond 25 are left off, texts cut to 100. */
export function selectRow(
  customId: string,
  placeholder: string,
  options: readonly MenuOption[],
  choose: { min: number; max: number } = { min: 1, max: 1 },
): ActionRow {
  const offered = options.slice(0, DISCORD_LIMITS.selectOptions).map((o): APISelectMenuOption => ({
    value: cut(o.value, DISCORD_LIMITS.selectOptionText),
    label: cut(o.label, DISCORD_LIMITS.selectOptionText) || "—",
    ...(o.description === undefined
      ? {}
      : { description: cut(o.description, DISCORD_LIMITS.selectOptionText) }),
    ...(o.emoji === undefined ? {} : { emoji: { name: o.emoji } }),
    ...(o.default ? { default: true } : {}),
  }));
  const menu: APIStringSelectComponent = {
    type: ComponentType.StringSelect,
    custom_id: customId,
    placeholder: cut(placeholder, DISCORD_LIMITS.selectPlaceholder),
    options: offered,
    min_values: Math.min(choose.min, offered.length),
    max_values: Math.max(1, Math.min(choose.max, offered.length)),
  };
  return { type: ComponentType.ActionRow, components: [menu] };
}
