import { DiscordjsErrorCodes } from "discord.js";
import { StoreUnavailable } from "../../store/store.js";
import { fieldOf } from "./error-fields.js";
import { messages } from "./messages.js";

/**
 * Any error a service throws to tell the player why their request was refused. Implementing it
 * (a `userMessage` string) is all a typed error needs for the dispatcher to show that text,
 * privately, instead of the generic "something went wrong".
 */
export interface UserFacingError {
  readonly userMessage: string;
}

/** An error for the player, for code that has no typed error of its own. */
export class UserError extends Error implements UserFacingError {
  override name = "UserError";
  get userMessage(): string {
    return this.message;
  }
}

/** A game's own refusal (an error carrying a code), worded for the player by that game. */
export class WordedRefusal extends Error implements UserFacingError {
  override name = "WordedRefusal";
  constructor(
    readonly userMessage: string,
    cause: unknown,
  ) {
    super(userMessage, { cause });
  }
}

export function isUserFacingError(error: unknown): error is UserFacingError {
  return (
    typeof error === "object" &&
    error !== null &&
    "userMessage" in error &&
    typeof error.userMessage === "string" &&
    error.userMessage !== ""
  );
}

/** What players read when the database cannot serve them; nothing was changed either way. */
export const unavailableMessages = {
  busy: "The table's records are busy: nothing was changed. Try again in a moment.",
  readOnly:
    "The table's records cannot be written right now: nothing was changed. Try again later, and tell the bot's host if it lasts.",
  unreachable:
    "The table's records cannot be reached right now: nothing was changed. Try again in a minute, and tell the bot's host if it lasts.",
  staleCommand:
    "This command has changed since Discord showed it to you: nothing was done. Run it again (Discord may take a minute to update its list).",
} as const;

/** How a game words its own refusals; undefined for errors it does not know. */
export type RefusalWords = (error: unknown) => string | undefined;

/**
 * The text to show the player for this error, or undefined when it is a bug. `words`: the
 * game's own refusals, tried first.
 */
export function userMessageOf(error: unknown, words?: RefusalWords): string | undefined {
  const worded = words?.(error);
  if (worded !== undefined) return worded;
  if (isUserFacingError(error)) return error.userMessage;
  const database = databaseUnavailability(error);
  if (database !== undefined) return unavailableMessages[database];
  if (isStaleCommandError(error)) return unavailableMessages.staleCommand;
  // A form from an older version of the bot, or a forged submission: the fields do not match.
  if (hasCodeIn(error, STALE_FORM_CODES)) return messages.expired.modal;
  return undefined;
}

const UNAVAILABLE_WORDS = {
  busy: "busy",
  "read-only": "readOnly",
  unreachable: "unreachable",
} as const satisfies Record<StoreUnavailable["reason"], keyof typeof unavailableMessages>;

/**
 * "busy" when the store found the database held by other work too long, "readOnly" when it takes
 * no writes, "unreachable" when its server does not answer; undefined for anything else. These
 * are the host's trouble, not a bug: the bot stays up and says so. The store words its engine's
 * errors so (StoreUnavailable).
 */
export function databaseUnavailability(
  error: unknown,
): "busy" | "readOnly" | "unreachable" | undefined {
  if (!(error instanceof StoreUnavailable)) return undefined;
  return UNAVAILABLE_WORDS[error.reason];
}

/**
 * discord.js's complaint that an interaction's options do not match what the handler reads:
 * Discord sent a command as it was registered before an update (a client with a stale list).
 */
function isStaleCommandError(error: unknown): boolean {
  return hasCodeIn(error, STALE_COMMAND_CODES);
}

function hasCodeIn(error: unknown, codes: ReadonlySet<string>): boolean {
  const code = fieldOf(error, "code");
  return typeof code === "string" && codes.has(code);
}

const STALE_FORM_CODES: ReadonlySet<string> = new Set([
  DiscordjsErrorCodes.ModalSubmitInteractionFieldNotFound,
  DiscordjsErrorCodes.ModalSubmitInteractionFieldType,
  DiscordjsErrorCodes.ModalSubmitInteractionFieldEmpty,
]);

const STALE_COMMAND_CODES: ReadonlySet<string> = new Set([
  DiscordjsErrorCodes.CommandInteractionOptionNotFound,
  DiscordjsErrorCodes.CommandInteractionOptionType,
  DiscordjsErrorCodes.CommandInteractionOptionEmpty,
  DiscordjsErrorCodes.CommandInteractionOptionNoSubcommand,
  DiscordjsErrorCodes.CommandInteractionOptionNoSubcommandGroup,
  DiscordjsErrorCodes.AutocompleteInteractionOptionNoFocusedOption,
]);
