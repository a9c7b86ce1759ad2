import type { EventViewer, LaterChange, LogEntry, LoggedChange, LogQuery } from "./event-reads.js";
import type { EventInput } from "./records.js";
import type { ProtagonistSnapshot } from "./records.js";
import type { BotStateRepository, Store as CoreStore } from "../../../store/store.js";
import type { Campaign, JsonValue, Named } from "./types.js";
import type { ProtagonistReads } from "./protagonist-reads.js";

/** Cthulhu Eternal's store: its repositories in one transaction (see the core's `Store`). */
export type Store = CoreStore<StoreTx>;

/** The repositories, inside one transaction. */
export interface StoreTx {
  readonly protagonists: ProtagonistRepository;
  readonly campaigns: CampaignRepository;
  readonly selections: SelectionRepository;
  readonly events: EventRepository;
  readonly botState: BotStateRepository;
}

/** Protagonists with their skills, Bonds and disorders, as snapshots. */
export interface ProtagonistRepository extends ProtagonistReads {
  /** The Protagonist of this guild (none for another guild's id). May be shared: clone to change. */
  find(guildId: string, id: string): Promise<ProtagonistSnapshot | undefined>;
  /**
   * Stores `after` over `before`: the row and its children synced by id (new ones created,
   * changed ones updated, missing ones deleted). False when nothing changed. A name the
   * campaign has throws the store's `UniqueConflict`.
   */
  write(before: ProtagonistSnapshot, after: ProtagonistSnapshot): Promise<boolean>;
  /**
   * Stores a new Protagonist with its children (listed in the snapshot's order) and the choices
   * it was made from; returns it as stored. A name the campaign has throws `UniqueConflict`.
   */
  insert(snapshot: ProtagonistSnapshot, creation: JsonValue | null): Promise<ProtagonistSnapshot>;
  /** The choices the Protagonist was created from, as stored (null for none). */
  creationOf(guildId: string, id: string): Promise<JsonValue | null>;
  /** The name of another of the campaign's Protagonists that equals `name` but for case. */
  nameClash(campaignId: string, name: string, exceptId?: string): Promise<string | undefined>;
  /** The campaign's Protagonists by name, at most `limit`. */
  namesIn(guildId: string, campaignId: string, limit: number): Promise<Named[]>;
  /**
   * Ids of the campaign's active Protagonists, by name; with `checkedResources`, only those with
   * a Resources box checked.
   */
  activeIn(
    guildId: string,
    campaignId: string,
    filter?: { checkedResources: boolean },
  ): Promise<string[]>;
  /** Ids of the owner's active Protagonists in the campaign, at most `limit`. */
  activeOwnedBy(
    guildId: string,
    campaignId: string,
    ownerId: string,
    limit: number,
  ): Promise<string[]>;
}

/** Campaigns, their GMs and their channel bindings. */
export interface CampaignRepository {
  byId(guildId: string, id: string): Promise<Campaign | undefined>;
  /** The campaign bound to the channel itself, else to its parent (a thread's channel). */
  boundTo(guildId: string, channelId: string, parentId: string): Promise<Campaign | undefined>;
  /** The guild's default campaign (the oldest, when none is marked). */
  defaultOf(guildId: string): Promise<Campaign | undefined>;
  /** The campaign a channel plays: `boundTo` the channel or its parent, else `defaultOf`. */
  ofChannel(guildId: string, channelId: string, parentId: string): Promise<Campaign | undefined>;
  /** The guild's campaigns by name, at most `limit`. */
  names(guildId: string, limit: number): Promise<Named[]>;
  /** Whether the user, or one of the roles, is listed as a GM of the campaign. */
  listsGm(campaignId: string, userId: string, roleIds: readonly string[]): Promise<boolean>;
  /** Sets the number of the session being played. */
  setSessionNumber(campaignId: string, sessionNumber: number): Promise<void>;
  /** Sets the campaign's Extras (each module's switch and settings) as JSON. */
  setExtras(campaignId: string, extras: JsonValue): Promise<void>;
  /** Sets the campaign's GM-defined archetypes and skills (checked by the caller). */
  setCustomContent(campaignId: string, content: JsonValue | null): Promise<void>;
  /** How many campaigns the guild has. */
  countIn(guildId: string): Promise<number>;
  /** The guild's campaign of exactly this name. */
  byName(guildId: string, name: string): Promise<Campaign | undefined>;
  /** The guild's campaigns, the default first, then by name. */
  listIn(guildId: string): Promise<Campaign[]>;
  /** A new campaign (and its guild's row, the first time) with its creator as its first GM. */
  create(campaign: NewCampaign): Promise<Campaign>;
  /** Changes the campaign's settings; `isDefault` makes it the guild's only default. */
  updateSettings(campaign: Campaign, settings: CampaignSettings): Promise<Campaign>;
  /** Its GM entries, oldest first. */
  gmsOf(campaignId: string): Promise<CampaignGm[]>;
  addGm(campaignId: string, gm: CampaignGm): Promise<void>;
  removeGm(campaignId: string, gm: CampaignGm): Promise<void>;
  /** The channels (and threads) bound to it. */
  channelsOf(campaignId: string): Promise<string[]>;
  /** Binds the channel to the campaign, taking it from any other. */
  bindChannel(guildId: string, channelId: string, campaignId: string): Promise<void>;
}

export interface NewCampaign {
  guildId: string;
  name: string;
  era: string;
  isDefault: boolean;
  /** The Discord user who created it: its first GM. */
  creatorId: string;
}

export interface CampaignSettings {
  era: string;
  secretRollMode: string;
  gmChannelId: string | null;
  ruleOptions: JsonValue;
  isDefault: boolean;
}

/** A user, or every member with a role, listed as a campaign's GM. */
export interface CampaignGm {
  kind: "user" | "role";
  discordId: string;
}

/** Which Protagonist a player acts with, per channel or campaign-wide. */
export interface SelectionRepository {
  /**
   * The Protagonist of the first selection of `channelIds` (in that order) for the player in the
   * campaign, with its whole sheet.
   */
  chosen(selection: {
    guildId: string;
    userId: string;
    campaignId: string;
    channelIds: readonly [string, string, string];
  }): Promise<ProtagonistSnapshot | undefined>;
  /** Makes the Protagonist the player's choice in one channel (or campaign-wide). */
  choose(
    selection: { guildId: string; userId: string; campaignId: string; channelId: string },
    protagonistId: string,
  ): Promise<void>;
  /** Forgets every choice of the Protagonist (it left play). */
  clearFor(guildId: string, protagonistId: string): Promise<void>;
}

/** A stored event, as the Sanity and Bond paths read it back. */
export interface StoredEvent {
  id: number;
  kind: string;
  input: unknown;
  dice: unknown;
  before: unknown;
  undoneById: number | null;
}

/** The append-only event log. */
export interface EventRepository {
  /** Appends one event (and its targets); returns its id. */
  append(event: EventInput): Promise<number>;
  /** The event of this guild, if it exists. */
  find(guildId: string, id: number): Promise<StoredEvent | undefined>;
  /** Ids of the Protagonists an event concerns. */
  targets(eventId: number): Promise<string[]>;
  /**
   * The newest standing (not undone) event of `kind`, logged after event `after`, that refers to
   * `refersTo` (EventInput.refersTo).
   */
  latestReferring(query: {
    guildId: string;
    kind: string;
    after: number;
    refersTo: string;
  }): Promise<StoredEvent | undefined>;
  /** The events a query names, as its viewer may see them (without state snapshots). */
  list(query: LogQuery): Promise<LogEntry[]>;
  /** As `list`, with each event's state before and after. */
  listChanges(query: LogQuery): Promise<LoggedChange[]>;
  /** One event of the guild, if the viewer may see it. */
  readable(guildId: string, viewer: EventViewer, id: number): Promise<LoggedChange | undefined>;
  /** The campaign an event of the guild belongs to (to learn who may read it). */
  campaignOf(guildId: string, id: number): Promise<{ campaignId: string | null } | undefined>;
  /** Every standing change of the guild after event `after`, oldest first, with its targets. */
  laterChanges(guildId: string, after: number): Promise<LaterChange[]>;
  /** Links an event and the undo that reverted it. */
  markUndone(eventId: number, undoEventId: number): Promise<void>;
}
