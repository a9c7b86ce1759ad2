import { logLines } from "../../src/games/cthulhu-eternal/extras/presentation.js";
import { trainingExtra } from "../../src/games/cthulhu-eternal/extras/training/index.js";
import { loggedFact } from "../../src/games/cthulhu-eternal/services/event-facts.js";

/** The log's words as the bot shows them, with the Extras it offers. */
export const lineOf = logLines([trainingExtra]);

/** A stored event's line, as /history shows it (before escaping). */
export function rowLine(
  row: {
    kind: string;
    payload: string | null;
    payloadVersion: number | null;
    summary: string;
  } | null,
): string | undefined {
  return row ? lineOf(loggedFact(row)) : undefined;
}
