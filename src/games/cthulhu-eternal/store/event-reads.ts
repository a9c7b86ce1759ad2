/**
 * Reading the event log: every read names its viewer, and the store returns only the events
 * that viewer may see (the one place the visibility rule is applied).
 */

/**
 * Who is reading: one member (a GM of the campaign read sees every event of it), or everyone at
 * once — a public post shows only what every member may see, whoever asked for it.
 */
export type EventViewer =
  | { readonly kind: "everyone" }
  | { readonly kind: "member"; readonly userId: string; readonly gm: boolean }
  /** The bot's own checks (what an undo depends on, say): never shown to anyone as it is. */
  | { readonly kind: "bot" };

export const EVERYONE: EventViewer = { kind: "everyone" };
export const THE_BOT: EventViewer = { kind: "bot" };

/** One event as the log's read paths need it (without the state snapshots). */
export interface LogEntry {
  id: number;
  campaignId: string | null;
  actorId: string;
  kind: string;
  payload: string | null;
  payloadVersion: number | null;
  summary: string;
  visibility: string;
  createdAt: Date;
  changed: boolean;
  undoneById: number | null;
  undoesId: number | null;
}

/** An event whole: what was asked, the dice, and the state before and after it. */
export interface LoggedChange extends LogEntry {
  input: unknown;
  dice: unknown;
  before: unknown;
  after: unknown;
}

/** Which events of one guild a read lists, newest or oldest first. */
export interface LogQuery {
  guildId: string;
  viewer: EventViewer;
  campaignId?: string;
  kind?: string;
  /** Only the events that concern this Protagonist. */
  protagonistId?: string;
  actorId?: string;
  /** Only events by one of these users. */
  actorIds?: readonly string[];
  sessionNumber?: number;
  /** Only events that changed some Protagonist. */
  changes?: boolean;
  /** Only events not undone. */
  notUndone?: boolean;
  /** Only changes still standing: not undone, and not undos themselves. */
  standingChanges?: boolean;
  excludeKinds?: readonly string[];
  /** Only the event with this id. */
  id?: number;
  /** Ids: below, above, or from (inclusive). */
  below?: number;
  above?: number;
  from?: number;
  order: "newest" | "oldest";
  /** At most this many (all of them when absent). */
  limit?: number;
}

/** A later standing change and the Protagonists it touched (dependency chains follow these). */
export interface LaterChange {
  id: number;
  campaignId: string | null;
  actorId: string;
  kind: string;
  targets: string[];
}
