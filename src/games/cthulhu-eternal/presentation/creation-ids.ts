import { customId } from "../../../core/discord/custom-id.js";
import { PROTAGONIST_COMMAND } from "../creation/session.js";

/** Custom-id actions of the creation flow; a button and the form it opens share an action. */
export const CREATE_ACTION = {
  basics: "cbasics",
  skills: "cskills",
  picks: "cpicks",
  kinds: "ckinds",
  resources: "cres",
  archetype: "carch",
  archetypePage: "cpage",
  confirm: "cconfirm",
  cancel: "ccancel",
} as const;

/** Actions that write (the logged stat roll, the creation), for the per-user rate limit. */
export const CREATION_WRITE_ACTIONS: readonly string[] = [
  CREATE_ACTION.basics,
  CREATE_ACTION.confirm,
];

/**
 * `protagonist:<action>:<draft>:<version>[:<arg>…]`: the draft's id finds the draft, the message
 * version tells a press on the current message from one on an outdated copy.
 */
export function flowCustomId(
  action: string,
  sessionId: string,
  version: number,
  ...args: (string | number)[]
): string {
  return customId(PROTAGONIST_COMMAND, action, sessionId, version, ...args);
}
