/**
 * Reading the components of a message the fake Discord stores, legacy rows or Components V2
 * alike: buttons and selects may sit in rows, in rows inside containers, or be a section's
 * accessory, so every helper walks the whole tree.
 */
import { ComponentType } from "discord.js";

/** Anything with the stored message's `components` (a StoredApiMessage, a callback's data). */
export interface WithComponents {
  components?: readonly unknown[];
}

/** A loose view of one component's JSON, for assertions. */
interface ComponentJson {
  type?: number;
  custom_id?: string;
  label?: string;
  disabled?: boolean;
  content?: string;
  options?: { label: string; value: string }[];
  components?: ComponentJson[];
  accessory?: ComponentJson;
  /** A Label's child (modals). */
  component?: ComponentJson;
}

function flatten(components: readonly unknown[] | undefined): ComponentJson[] {
  return ((components ?? []) as ComponentJson[]).flatMap((c) => [
    c,
    ...flatten(c.components),
    ...flatten(c.accessory ? [c.accessory] : []),
    ...flatten(c.component ? [c.component] : []),
  ]);
}

/** Every custom id on a message (buttons and selects, however deep), in display order. */
export function customIds(message: WithComponents): string[] {
  return flatten(message.components).flatMap((c) => (c.custom_id ? [c.custom_id] : []));
}

/** The custom ids on a message's buttons (and selects, as before V2), in display order. */
export function buttonIds(message: WithComponents): string[] {
  return customIds(message);
}

/** The labels of a message's buttons, in display order. */
export function buttonLabels(message: WithComponents): string[] {
  return flatten(message.components).flatMap((c) => (c.label === undefined ? [] : [c.label]));
}

/** Whether the button with this custom id prefix is disabled (undefined: no such button). */
export function buttonDisabled(message: WithComponents, prefix: string): boolean | undefined {
  const button = flatten(message.components).find((c) => c.custom_id?.startsWith(prefix));
  return button === undefined ? undefined : (button.disabled ?? false);
}

/** The options of the select with this custom id. */
export function menuOptions(
  message: WithComponents,
  customId: string,
): { label: string; value: string }[] {
  return flatten(message.components).find((c) => c.custom_id === customId)?.options ?? [];
}

/** Every text display's content on a message, in display order, one per line. */
export function displayText(message: WithComponents): string {
  return flatten(message.components)
    .filter((c) => c.type === ComponentType.TextDisplay && c.content !== undefined)
    .map((c) => c.content)
    .join("\n");
}
