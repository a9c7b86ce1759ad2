import { MessageFlags } from "discord.js";
import type { APIEmbed } from "discord.js";

/** Loose views of messages and callbacks the fake Discord stores, for assertions. */
interface ComponentJson {
  custom_id?: string;
  options?: { label: string; value: string }[];
  components?: ComponentJson[];
}

function flatten(components: readonly unknown[] | undefined): ComponentJson[] {
  return ((components ?? []) as ComponentJson[]).flatMap((c) => [c, ...flatten(c.components)]);
}

/** Every custom id on a message (buttons and menus, inside their rows). */
export function customIds(message: { components?: readonly unknown[] }): string[] {
  return flatten(message.components).flatMap((c) => (c.custom_id ? [c.custom_id] : []));
}

/** The options of the menu with this custom id. */
export function menuOptions(
  message: { components?: readonly unknown[] },
  customId: string,
): { label: string; value: string }[] {
  return flatten(message.components).find((c) => c.custom_id === customId)?.options ?? [];
}

export function fieldValue(embed: APIEmbed | undefined, name: string): string | undefined {
  return embed?.fields?.find((f) => f.name === name)?.value;
}

export function isEphemeral(message: { flags?: number } | undefined): boolean {
  return ((message?.flags ?? 0) & MessageFlags.Ephemeral) !== 0;
}
