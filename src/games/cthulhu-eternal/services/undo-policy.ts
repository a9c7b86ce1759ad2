import type { Actor } from "../../../core/access/actor.js";
import type { LoggedFact } from "./event-facts.js";
import type { Campaign } from "../store/types.js";
import { isGm, ruleOptionsOf } from "./campaign-access.js";
import { ServiceError } from "./errors.js";
import type { StoreTx } from "../store/store.js";
import type { ExtensionPoints } from "./extension-points.js";

/**
 * Logged kinds that are a roll or a test: undoing one is a reroll, so by default only a GM may
 * (the campaign setting `playerUndoRolls` lets players undo their own).
 */
export const ROLL_EVENT_KINDS: ReadonlySet<string> = new Set([
  "roll",
  "test",
  "stat-roll",
  "resource-test",
  "san-test",
  "will-test",
  "san-projection",
  "repress",
  "shared-adversity-test",
  "lethality",
]);

/** Every logged kind that is a roll or a test: the core's and those the modules declare. */
export function rollKindsOf(extensions: ExtensionPoints): string[] {
  return [...ROLL_EVENT_KINDS, ...extensions.rollKinds];
}

/** Whether undoing an event of this kind is a reroll. */
export function isRollEvent(kind: string, extensions: ExtensionPoints): boolean {
  return ROLL_EVENT_KINDS.has(kind) || extensions.rollKinds.has(kind);
}

/** Why the actor may not undo one change, as data; the bot words it. */
export type UndoForbiddenReason = "someone-else" | "player-roll";

/** A change of the blocking chain; both null when the viewer may not read it. */
export type ChainLink =
  { readonly id: number; readonly fact: LoggedFact } | { readonly id: null; readonly fact: null };

export type UndoRefusal =
  | { readonly kind: "forbidden"; readonly eventId: number; readonly reason: UndoForbiddenReason }
  /** Later standing changes depend on it: oldest first, up to the newest (`chain`). */
  | {
      readonly kind: "blocked";
      readonly eventId: number;
      readonly chain: readonly ChainLink[];
      /** Chain entries the actor may not undo (hidden ones are always among them). */
      readonly notYours: readonly {
        readonly id: number | null;
        readonly reason: UndoForbiddenReason;
      }[];
      /** The chain's newest change and length, which an "undo back to" press must still match. */
      readonly newestId: number;
      readonly size: number;
    }
  /** An "undo back to" press whose chain has changed since the prompt. */
  | { readonly kind: "chain-changed"; readonly eventId: number };

export class UndoRefusedError extends ServiceError {
  override name = "UndoRefusedError";
  constructor(readonly refusal: UndoRefusal) {
    super(refusal.kind === "forbidden" ? "forbidden" : "conflict", `undo refused: ${refusal.kind}`);
  }
}

export function isUndoRefusedError(error: unknown): error is UndoRefusedError {
  return error instanceof UndoRefusedError;
}

/**
 * Why the actor may not undo this change, or null when they may: GMs undo anything of their
 * campaign; players their own changes, except rolls and tests unless the campaign allows it.
 */
export async function undoForbiddenReason(
  tx: StoreTx,
  actor: Actor,
  campaign: Campaign,
  event: { actorId: string; kind: string },
  extensions: ExtensionPoints,
): Promise<UndoForbiddenReason | null> {
  if (await isGm(tx, actor, campaign.id)) return null;
  if (event.actorId !== actor.userId) return "someone-else";
  if (isRollEvent(event.kind, extensions) && !ruleOptionsOf(campaign).playerUndoRolls) {
    return "player-roll";
  }
  return null;
}
