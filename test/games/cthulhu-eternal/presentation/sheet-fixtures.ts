/** A Protagonist's sheet as the presentation tests read it. */
import { conditionsOf } from "../../../../src/games/cthulhu-eternal/rules/conditions.js";
import type { ProtagonistView } from "../../../../src/games/cthulhu-eternal/services/protagonist-queries.js";
import type { ProtagonistSnapshot } from "../../../../src/games/cthulhu-eternal/services/snapshot.js";

export function snapshot(overrides: Partial<ProtagonistSnapshot> = {}): ProtagonistSnapshot {
  return {
    id: "p1",
    guildId: "g",
    campaignId: "c",
    ownerId: "300000000000000002",
    name: "Dr. Miriam Vance",
    status: "active",
    archetype: "Researcher / Scientist",
    harshness: "normal",
    stats: { STR: 4, DEX: 11, CON: 10, INT: 17, POW: 14, CHA: 12 },
    hpMax: 7,
    hp: 5,
    wpMax: 14,
    wp: 14,
    san: 60,
    breakingPoint: 56,
    adaptation: {
      violence: { boxes: 2, adapted: false },
      helplessness: { boxes: 3, adapted: true },
    },
    exhausted: false,
    temporarilyInsane: false,
    resources: { rating: 12, atHand: 5, stowed: 5, storage: 2, checked: 1 },
    notes: "",
    skills: [
      {
        id: "s1",
        name: "Occult",
        key: "occult",
        rating: 50,
        failureMarked: true,
        failureMarkVisibleTo: null,
      },
      {
        id: "s2",
        name: "Search",
        key: "search",
        rating: 80,
        failureMarked: false,
        failureMarkVisibleTo: null,
      },
    ],
    bonds: [
      { id: "b1", name: "Tom", kind: "individual", score: 12, crossedOff: false, fellowId: null },
      {
        id: "b2",
        name: "The *lab*",
        kind: "community",
        score: 0,
        crossedOff: true,
        fellowId: null,
      },
    ],
    disorders: [
      { id: "d1", name: "Claustrophobia", threat: "helplessness", cured: false },
      { id: "d2", name: "Night terrors", threat: null, cured: true },
    ],
    ...overrides,
  };
}

export function view(protagonist: ProtagonistSnapshot): ProtagonistView {
  return {
    protagonist,
    hiddenMarks: [],
    campaign: { id: "c", name: "Night Floors" },
    derived: { maxSan: 99, recoverySan: 70, damageBonus: -2, resourceCheckBoxes: 2 },
    conditions: conditionsOf(protagonist),
    canEdit: true,
  };
}
