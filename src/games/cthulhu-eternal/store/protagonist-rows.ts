import type {
  BondSnapshot,
  DisorderSnapshot,
  ProtagonistSnapshot,
  ProtagonistStatus,
} from "./records.js";

/**
 * A Protagonist row with its children, as the statements read it: what a snapshot is made from
 * (booleans already booleans, JSON already parsed).
 */
export type SnapshotSource = Pick<
  ProtagonistSnapshot,
  | "id"
  | "guildId"
  | "campaignId"
  | "ownerId"
  | "name"
  | "archetype"
  | "harshness"
  | "hpMax"
  | "hp"
  | "wpMax"
  | "wp"
  | "san"
  | "breakingPoint"
  | "exhausted"
  | "temporarilyInsane"
  | "notes"
  | "skills"
> & {
  status: string;
  str: number;
  dex: number;
  con: number;
  int: number;
  pow: number;
  cha: number;
  adaptViolence: number;
  adaptedViolence: boolean;
  adaptHelplessness: number;
  adaptedHelplessness: boolean;
  resourcesRating: number;
  resourcesAtHand: number;
  resourcesStowed: number;
  resourcesStorage: number;
  resourcesChecked: number;
  /** The Extras column as stored (parsed JSON), if read. */
  extras?: unknown;
  bonds: (Omit<BondSnapshot, "kind" | "fellowId"> & {
    kind: string;
    fellowProtagonistId: string | null;
  })[];
  disorders: (Omit<DisorderSnapshot, "cured"> & { curedAt: Date | string | null })[];
};

export function toSnapshot(row: SnapshotSource): ProtagonistSnapshot {
  return {
    id: row.id,
    guildId: row.guildId,
    campaignId: row.campaignId,
    ownerId: row.ownerId,
    name: row.name,
    status: row.status as ProtagonistStatus,
    archetype: row.archetype,
    harshness: row.harshness,
    stats: { STR: row.str, DEX: row.dex, CON: row.con, INT: row.int, POW: row.pow, CHA: row.cha },
    hpMax: row.hpMax,
    hp: row.hp,
    wpMax: row.wpMax,
    wp: row.wp,
    san: row.san,
    breakingPoint: row.breakingPoint,
    adaptation: {
      violence: { boxes: row.adaptViolence, adapted: row.adaptedViolence },
      helplessness: { boxes: row.adaptHelplessness, adapted: row.adaptedHelplessness },
    },
    exhausted: row.exhausted,
    temporarilyInsane: row.temporarilyInsane,
    resources: {
      rating: row.resourcesRating,
      atHand: row.resourcesAtHand,
      stowed: row.resourcesStowed,
      storage: row.resourcesStorage,
      checked: row.resourcesChecked,
    },
    notes: row.notes,
    skills: row.skills.map((s) => ({
      id: s.id,
      name: s.name,
      key: s.key,
      rating: s.rating,
      failureMarked: s.failureMarked,
      failureMarkVisibleTo: s.failureMarkVisibleTo,
    })),
    bonds: row.bonds.map((b) => ({
      id: b.id,
      name: b.name,
      kind: b.kind === "community" ? "community" : "individual",
      score: b.score,
      crossedOff: b.crossedOff,
      fellowId: b.fellowProtagonistId,
    })),
    disorders: row.disorders.map((d) => ({
      id: d.id,
      name: d.name,
      threat: d.threat,
      cured: d.curedAt !== null,
    })),
    ...extrasField(row.extras),
  };
}

/** The snapshot's `extras`, present only when some module keeps state (older snapshots have none). */
export function extrasField(stored: unknown): Pick<ProtagonistSnapshot, "extras"> {
  if (typeof stored !== "object" || stored === null || Array.isArray(stored)) return {};
  return Object.keys(stored).length > 0 ? { extras: stored as Record<string, unknown> } : {};
}

/** The Protagonist row's own columns (no children) from a snapshot. */
export function protagonistColumns(s: ProtagonistSnapshot) {
  return {
    ownerId: s.ownerId,
    name: s.name,
    status: s.status,
    archetype: s.archetype,
    harshness: s.harshness,
    str: s.stats.STR,
    dex: s.stats.DEX,
    con: s.stats.CON,
    int: s.stats.INT,
    pow: s.stats.POW,
    cha: s.stats.CHA,
    hpMax: s.hpMax,
    hp: s.hp,
    wpMax: s.wpMax,
    wp: s.wp,
    san: s.san,
    breakingPoint: s.breakingPoint,
    adaptViolence: s.adaptation.violence.boxes,
    adaptedViolence: s.adaptation.violence.adapted,
    adaptHelplessness: s.adaptation.helplessness.boxes,
    adaptedHelplessness: s.adaptation.helplessness.adapted,
    exhausted: s.exhausted,
    temporarilyInsane: s.temporarilyInsane,
    resourcesRating: s.resources.rating,
    resourcesAtHand: s.resources.atHand,
    resourcesStowed: s.resources.stowed,
    resourcesStorage: s.resources.storage,
    resourcesChecked: s.resources.checked,
    notes: s.notes,
  };
}
