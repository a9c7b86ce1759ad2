import type { RulesRefusal } from "./refusals.js";

/**
 * The one error type the rules throw for anything a player or GM asked that the rules do not
 * allow. `code` is stable for programs (tests, the bot's rendering). A refusal given as data
 * (`refusal`) is worded by presentation; the rules not yet converted word `message` themselves.
 */
export class RulesError extends Error {
  override name = "RulesError";
  readonly code: string;
  readonly refusal: RulesRefusal | undefined;

  constructor(refusal: RulesRefusal);
  constructor(code: string, message: string);
  constructor(codeOrRefusal: string | RulesRefusal, message?: string) {
    const refusal = typeof codeOrRefusal === "string" ? undefined : codeOrRefusal;
    super(message ?? `rules refused: ${refusal?.code ?? "unknown"}`);
    this.code = typeof codeOrRefusal === "string" ? codeOrRefusal : codeOrRefusal.code;
    this.refusal = refusal;
  }
}

export function isRulesError(e: unknown): e is RulesError {
  return e instanceof RulesError;
}
