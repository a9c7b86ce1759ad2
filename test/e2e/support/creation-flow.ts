/** Reading the guided creation flow's message and forms in end-to-end tests. */
import { ComponentType } from "discord.js";
import type { StoredApiMessage } from "../../support/fake-discord/index.js";

export type FormFields = Record<string, string | string[]>;

interface ComponentJson {
  type?: number;
  custom_id?: string;
  value?: string;
  options?: { value: string; default?: boolean }[];
  component?: ComponentJson;
  components?: ComponentJson[];
}

function flat(components: readonly unknown[]): ComponentJson[] {
  return (components as ComponentJson[]).flatMap((c) => [
    c,
    ...flat(c.components ?? []),
    ...(c.component === undefined ? [] : flat([c.component])),
  ]);
}

/** The custom id of the flow's control for `action` (`protagonist:<action>:…`). */
export function controlId(message: StoredApiMessage, action: string): string {
  const prefix = `protagonist:${action}:`;
  const found = flat(message.components ?? []).find((c) => c.custom_id?.startsWith(prefix));
  if (found?.custom_id === undefined)
    throw new Error(`no ${action} control on: ${message.content}`);
  return found.custom_id;
}

/** What a Discord client submits for a form nobody touched: prefilled texts, default options. */
export function formDefaults(modal: Record<string, unknown> | undefined): FormFields {
  const fields: FormFields = {};
  for (const field of flat((modal?.components as unknown[] | undefined) ?? [])) {
    if (field.custom_id === undefined) continue;
    if (field.type === ComponentType.TextInput && field.value !== undefined) {
      fields[field.custom_id] = field.value;
    }
    if (field.type === ComponentType.StringSelect) {
      const chosen = (field.options ?? []).filter((o) => o.default === true).map((o) => o.value);
      if (chosen.length > 0) fields[field.custom_id] = chosen;
    }
  }
  return fields;
}

/** Everything the message's embeds say, as one text. */
export function embedText(message: StoredApiMessage): string {
  return message.embeds
    .flatMap((embed) => [
      embed.title ?? "",
      embed.description ?? "",
      ...(embed.fields ?? []).flatMap((f) => [f.name, f.value]),
    ])
    .join("\n");
}

/** The ids of a form's fields, in order. */
export function formFieldIds(modal: Record<string, unknown> | undefined): string[] {
  return flat((modal?.components as unknown[] | undefined) ?? []).flatMap((field) =>
    field.custom_id === undefined ? [] : [field.custom_id],
  );
}
