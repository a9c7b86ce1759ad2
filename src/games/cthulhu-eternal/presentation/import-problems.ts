import { serviceRefusalText } from "./service-refusals.js";
import type { ImportProblem } from "../services/protagonist-import.js";
import { truncate } from "../../../core/discord/format.js";

/** Discord's limit for a message's text. */
const MESSAGE_MAX = 2000;
/** Room kept for the last line ("…and 12 more problems."). */
const TAIL_ROOM = 40;
/** One problem's line, at most. */
const LINE_MAX = 200;

/**
 * Every problem of a refused import, one line each, as many as fit one message; the rest are
 * counted ("…and 12 more"), so the list stays readable however broken the file.
 */
export function importProblemsText(problems: readonly ImportProblem[]): string {
  const one = problems.length === 1;
  const head = `📥 That file can't be imported: ${problems.length} problem${one ? "" : "s"} on the sheet. Nothing was changed; fix ${one ? "it" : "them"} in the file (under "protagonist") and import it again.`;
  const lines = [head];
  let length = head.length;
  let shown = 0;
  for (const problem of problems) {
    const message =
      typeof problem.message === "string" ? problem.message : serviceRefusalText(problem.message);
    const stop = /[.!?]$/u.test(message) ? "" : ".";
    const line = truncate(`• **${problem.field}**: ${message}${stop}`, LINE_MAX);
    if (length + 1 + line.length > MESSAGE_MAX - TAIL_ROOM) break;
    lines.push(line);
    length += 1 + line.length;
    shown += 1;
  }
  const rest = problems.length - shown;
  if (rest > 0) lines.push(`…and ${rest} more problem${rest === 1 ? "" : "s"}.`);
  return lines.join("\n");
}
