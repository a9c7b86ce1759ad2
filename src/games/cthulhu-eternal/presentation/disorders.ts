import { threatLabel, UNNAMED_DISORDER } from "../rules/sanity/index.js";
import { THREAT_TYPES, type ThreatType } from "../rules/types.js";
import { userText } from "../../../core/discord/format.js";

/** A disorder as the sheet stores it: its name, and the threat whose breaking point caused it. */
export interface DisorderLike {
  readonly name: string;
  readonly threat: string | null;
}

function isThreat(value: string | null): value is ThreatType {
  return (THREAT_TYPES as readonly (string | null)[]).includes(value);
}

/** How sheets and logged snapshots from before unnamed disorders named a breaking point's. */
const OLD_PLACEHOLDER_ENDING = " — to be named by the GM";

/** A breaking point's disorder the GM has not named yet (older sheets kept a placeholder name). */
export function isPendingDisorder(name: string): boolean {
  return name === UNNAMED_DISORDER || name.endsWith(OLD_PLACEHOLDER_ENDING);
}

/** A disorder in a sentence, plain text: its name in quotes, or "unnamed disorder". */
export function disorderMention(name: string): string {
  return isPendingDisorder(name) ? "unnamed disorder" : `disorder “${name}”`;
}

/**
 * A disorder as players read it, its cause said once: a breaking point's unnamed one reads
 * "Disorder from Unnatural — the GM names it"; a named one "Claustrophobia (Helplessness)".
 * The name is escaped for a message; `plain` leaves it as typed (autocomplete shows no markdown).
 */
export function disorderText(disorder: DisorderLike, max = 200, plain = false): string {
  const cause = isThreat(disorder.threat) ? threatLabel(disorder.threat) : null;
  if (isPendingDisorder(disorder.name)) {
    return cause === null
      ? "Disorder — the GM names it"
      : `Disorder from ${cause} — the GM names it`;
  }
  const name = plain ? disorder.name : userText(disorder.name, max);
  return cause === null ? name : `${name} (${cause})`;
}
