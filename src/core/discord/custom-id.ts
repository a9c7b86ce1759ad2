/**
 * Custom ids of buttons, select menus and modals: `<command>:<action>:<arg>:<arg>…`. The command
 * part routes the interaction to the command module that made the component, the action picks
 * one of its handlers, and the args carry small state (ids, numbers) so no lookup table is needed.
 */

/** Discord rejects longer custom ids. */
export const CUSTOM_ID_MAX_LENGTH = 100;
export const CUSTOM_ID_SEPARATOR = ":";

export interface ParsedCustomId {
  readonly command: string;
  readonly action: string;
  readonly args: readonly string[];
}

export class CustomIdError extends Error {
  override name = "CustomIdError";
}

/** Builds a custom id; throws when a part holds the separator or the whole is too long. */
export function customId(
  command: string,
  action: string,
  ...args: readonly (string | number)[]
): string {
  const parts = [command, action, ...args.map(String)];
  for (const [index, part] of parts.entries()) {
    if (part.includes(CUSTOM_ID_SEPARATOR)) {
      throw new CustomIdError(
        `custom id part ${index} (${JSON.stringify(part)}) must not contain "${CUSTOM_ID_SEPARATOR}"`,
      );
    }
    if (index < 2 && part === "") {
      throw new CustomIdError("custom id command and action must not be empty");
    }
  }
  const id = parts.join(CUSTOM_ID_SEPARATOR);
  if (id.length > CUSTOM_ID_MAX_LENGTH) {
    throw new CustomIdError(
      `custom id is ${id.length} characters, Discord allows ${CUSTOM_ID_MAX_LENGTH}: ${id.slice(0, 40)}…`,
    );
  }
  return id;
}

/** Undefined for ids this scheme did not make (e.g. components of an older version of the bot). */
export function parseCustomId(id: string): ParsedCustomId | undefined {
  const [command, action, ...args] = id.split(CUSTOM_ID_SEPARATOR);
  if (command === undefined || command === "" || action === undefined || action === "") {
    return undefined;
  }
  return { command, action, args };
}
