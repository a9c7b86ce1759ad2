import { eternalUserMessageOf } from "../../src/games/cthulhu-eternal/presentation/refusals.js";

/**
 * What the player reads for an error a Cthulhu Eternal service threw: its refusal in the
 * catalogue's words, or (for anything else) the error's own message.
 */
export function wordsOf(error: unknown): string {
  return eternalUserMessageOf(error) ?? (error instanceof Error ? error.message : String(error));
}

/** The words of the refusal `call` ends in; fails when the call succeeds. */
export async function refusal(call: Promise<unknown>): Promise<string> {
  try {
    await call;
  } catch (error) {
    return wordsOf(error);
  }
  throw new Error("expected a refusal, but the call succeeded");
}
