import type { RulesRefusal } from "./refusals.js";

/**
 * The one error type the rules throw for anything a player or GM asked that the rules do not
 * allow. `code` is stable for programs (tests, the bot's rendering). A rule's refusal is data
 * (`refusal`), worded by presentation; the subclasses that carry data of their own (dice,
 * SAN-loss notation, creation violations) give a code and a programmer's detail instead.
 */
export class RulesError extends Error {
  override name = "RulesError";
  readonly code: string;
  readonly refusal: RulesRefusal | undefined;

  /** `code`: the program's code when it is finer than the refusal's (which number was wrong). */
  constructor(refusal: RulesRefusal, code?: string);
  constructor(code: string, detail: string);
  constructor(codeOrRefusal: string | RulesRefusal, detail?: string) {
    const refusal = typeof codeOrRefusal === "string" ? undefined : codeOrRefusal;
    super(refusal === undefined ? (detail ?? "") : `rules refused: ${detail ?? refusal.code}`);
    this.code = refusal === undefined ? (codeOrRefusal as string) : (detail ?? refusal.code);
    this.refusal = refusal;
  }
}

export function isRulesError(e: unknown): e is RulesError {
  return e instanceof RulesError;
}
