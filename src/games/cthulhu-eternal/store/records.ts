import type { Stats } from "../rules/types.js";

/**
 * What the store keeps and hands back, as plain data: a Protagonist's whole state, and an event
 * to append to the log. Services build and read these; the store depends on nothing above it.
 */

/**
 * A Protagonist's whole state as plain JSON: what services read, what the rules change, and what
 * the event log stores before and after every change (so undo can restore it exactly).
 */
export interface SkillSnapshot {
  id: string;
  name: string;
  key: string;
  rating: number;
  failureMarked: boolean;
  /**
   * Who may see the mark: null, the whole table; a user id, only that user and the campaign's
   * GMs, since a secret roll ticked it (services/hidden-marks.ts).
   */
  failureMarkVisibleTo: string | null;
}

export interface BondSnapshot {
  id: string;
  name: string;
  kind: "individual" | "community";
  score: number;
  crossedOff: boolean;
  fellowId: string | null;
}

export interface DisorderSnapshot {
  id: string;
  name: string;
  threat: string | null;
  cured: boolean;
}

/** "lost": permanently lost to corruption (an attribute corrupted to 0; the Corruption Extra). */
export type ProtagonistStatus = "active" | "dead" | "insane" | "retired" | "lost";

export interface ProtagonistSnapshot {
  id: string;
  guildId: string;
  campaignId: string;
  ownerId: string;
  name: string;
  status: ProtagonistStatus;
  archetype: string;
  harshness: string;
  stats: Stats;
  hpMax: number;
  hp: number;
  wpMax: number;
  wp: number;
  san: number;
  breakingPoint: number;
  adaptation: {
    violence: { boxes: number; adapted: boolean };
    helplessness: { boxes: number; adapted: boolean };
  };
  exhausted: boolean;
  /** An open episode of temporary insanity (README, Sanity: until a GM ends it, a repression or the session's end). */
  temporarilyInsane: boolean;
  resources: { rating: number; atHand: number; stowed: number; storage: number; checked: number };
  notes: string;
  skills: SkillSnapshot[];
  bonds: BondSnapshot[];
  disorders: DisorderSnapshot[];
  /** State of the campaign's Extras modules, by module id (each module reads its own); absent: none. */
  extras?: Readonly<Record<string, unknown>>;
}

/**
 * Who may read a logged event: everyone in its campaign, only whoever did it and the campaign's
 * GMs (a secret roll, and what follows from it), or the GMs alone. The store applies it to every
 * read of the log (store/prisma/event-log.ts); reads name their viewer.
 */
export const VISIBILITIES = ["campaign", "actor-and-gms", "gms"] as const;
export type Visibility = (typeof VISIBILITIES)[number];

/** The kind, payload and version an event is appended with. */
export interface EventFact {
  kind: string;
  payloadVersion: number;
  payload: unknown;
}

export interface StateChange {
  before: ProtagonistSnapshot;
  after: ProtagonistSnapshot;
}

/** A module's campaign data (a bestiary, a catalogue) before and after a change, for undo. */
export interface CampaignDataChange {
  moduleId: string;
  before: unknown;
  after: unknown;
}

/**
 * The key an event's before/after JSON keeps its campaign data changes under, beside the
 * Protagonists' snapshots (keyed by their UUIDs, which never take this form).
 */
export const CAMPAIGN_DATA_KEY = "campaign";

/** One event to append: its fact (kind, payload, version) and what undo and reads need. */
export interface EventInput extends EventFact {
  guildId: string;
  campaignId: string | null;
  actorId: string;
  sessionNumber: number | null;
  /** What the user asked, validated. */
  input: unknown;
  /** Every die rolled and the rule's explanation (the rules' structured result). */
  dice?: unknown;
  /** Protagonists whose state changed, before and after. */
  changes?: StateChange[];
  /** The campaign's module data the event changed, by module. */
  campaignData?: CampaignDataChange[];
  /** Protagonists the event concerns without changing them (e.g. a skill roll with no mark). */
  concerns?: string[];
  /** Who may read it; default: everyone in the campaign. */
  visibility?: Visibility;
  /**
   * The event or record this one answers, for finding it again (`latestReferring`): a SAN test's
   * event id for its projection or reaction, a broken Bond's id for the test it calls for.
   */
  refersTo?: string;
}
