/**
 * The one error type the rules throw for anything a player or GM asked that the
 * rules do not allow. `message` is written for the player; `code` is stable for
 * programs (tests, the bot's rendering).
 */
export class RulesError extends Error {
  override name = "RulesError";
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export function isRulesError(e: unknown): e is RulesError {
  return e instanceof RulesError;
}
