import type { StoreTx } from "../store/store.js";
import type { ProtagonistSheet } from "../rules/creation/index.js";
import { resourceBreakdown } from "../rules/resources.js";
import { asJson } from "./event-log.js";
import { newId } from "./ids.js";
import type { ProtagonistSnapshot } from "./snapshot.js";

export interface NewProtagonist {
  guildId: string;
  campaignId: string;
  ownerId: string;
  sheet: ProtagonistSheet;
  /** The choices the sheet was built from (kept for export and audit). */
  creation: unknown;
}

/** Writes a freshly created Protagonist (row, every skill, Bonds) and returns its snapshot. */
export function insertProtagonist(
  tx: StoreTx,
  input: NewProtagonist,
): Promise<ProtagonistSnapshot> {
  const { sheet } = input;
  const split = resourceBreakdown(sheet.resources);
  const fresh: ProtagonistSnapshot = {
    id: newId(),
    guildId: input.guildId,
    campaignId: input.campaignId,
    ownerId: input.ownerId,
    name: sheet.name,
    status: "active",
    archetype: sheet.archetype.name,
    harshness: sheet.harshness,
    stats: { ...sheet.stats },
    hpMax: sheet.derived.hp,
    hp: sheet.derived.hp,
    wpMax: sheet.derived.wp,
    wp: sheet.derived.wp,
    san: sheet.derived.san,
    breakingPoint: sheet.derived.breakingPoint,
    adaptation: {
      violence: { boxes: 0, adapted: false },
      helplessness: { boxes: 0, adapted: false },
    },
    exhausted: false,
    temporarilyInsane: false,
    resources: {
      rating: split.rating,
      atHand: split.atHand,
      stowed: split.stowed,
      storage: split.inStorage,
      checked: 0,
    },
    notes: "",
    skills: sheet.skills.map((s) => ({
      id: newId(),
      name: s.name,
      key: s.key,
      rating: s.rating,
      failureMarked: false,
      failureMarkVisibleTo: null,
    })),
    bonds: sheet.bonds.map((b) => ({
      id: newId(),
      name: b.name,
      kind: b.kind,
      score: b.score,
      crossedOff: false,
      fellowId: null,
    })),
    disorders: [],
  };
  return tx.protagonists.insert(fresh, asJson(input.creation));
}
