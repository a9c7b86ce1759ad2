import { MessageFlags } from "discord.js";
import type { APIEmbed } from "discord.js";

/** Loose views of messages and callbacks the fake Discord stores, for assertions. */
// Components, legacy rows or V2 (containers, section accessories), are read in one place.
export { customIds, displayText, menuOptions } from "../../support/message-components.js";

export function fieldValue(embed: APIEmbed | undefined, name: string): string | undefined {
  return embed?.fields?.find((f) => f.name === name)?.value;
}

export function isEphemeral(message: { flags?: number } | undefined): boolean {
  return ((message?.flags ?? 0) & MessageFlags.Ephemeral) !== 0;
}
