import { MessageFlags } from "discord.js";
import type { APIEmbed } from "discord.js";

/** Loose views of messages and callbacks the fake Discord stores, for assertions. */
// Components, legacy rows or V2 (containers, section accessories), are read in one place.
export { customIds, displayText, menuOptions } from "../../support/message-components.js";
import { displayText } from "../../support/message-components.js";

/**
 * A section of a Components V2 sheet (`### <title>` and what follows, up to the next heading),
 * the way `fieldValue` reads an embed's field; undefined when the sheet has no such section.
 */
export function sheetSection(
  message: { components?: readonly unknown[] } | undefined,
  title: string,
): string | undefined {
  const text = displayText(message ?? {});
  const heading = `### ${title}\n`;
  const start = text.indexOf(heading);
  if (start < 0) return undefined;
  const rest = text.slice(start + heading.length);
  const end = rest.search(/\n(### |-# )/);
  return end < 0 ? rest : rest.slice(0, end);
}

export function fieldValue(embed: APIEmbed | undefined, name: string): string | undefined {
  return embed?.fields?.find((f) => f.name === name)?.value;
}

export function isEphemeral(message: { flags?: number } | undefined): boolean {
  return ((message?.flags ?? 0) & MessageFlags.Ephemeral) !== 0;
}
