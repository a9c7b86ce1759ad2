import { isRulesError } from "../rules/errors.js";

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

export function isUserFacingError(error: unknown): error is UserFacingError {
  return (
    typeof error === "object" &&
    error !== null &&
    "userMessage" in error &&
    typeof error.userMessage === "string" &&
    error.userMessage !== ""
  );
}

/** The text to show the player for this error, or undefined when it is a bug. */
export function userMessageOf(error: unknown): string | undefined {
  if (isUserFacingError(error)) return error.userMessage;
  // The rules engine writes its messages for players.
  if (isRulesError(error)) return error.message;
  return undefined;
}
