import type { ProtagonistSheet } from "../rules/creation/index.js";
import { resourceBreakdown } from "../rules/resources.js";
import { asJson } from "./event-log.js";
import { newId } from "./ids.js";
import { protagonistInclude, toSnapshot, type ProtagonistSnapshot } from "./snapshot.js";
import type { Tx } from "./deps.js";

export interface NewProtagonist {
  guildId: string;
  campaignId: string;
  ownerId: string;
  sheet: ProtagonistSheet;
  /** The choices the sheet was built from (kept for export and audit). */
  creation: unknown;
}

/** Writes a freshly created Protagonist (row, every skill, Bonds) and returns its snapshot. */
export async function insertProtagonist(
  db: Tx,
  input: NewProtagonist,
): Promise<ProtagonistSnapshot> {
  const { sheet } = input;
  const split = resourceBreakdown(sheet.resources);
  const row = await db.protagonist.create({
    data: {
      guildId: input.guildId,
      campaignId: input.campaignId,
      ownerId: input.ownerId,
      name: sheet.name,
      archetype: sheet.archetype.name,
      harshness: sheet.harshness,
      str: sheet.stats.STR,
      dex: sheet.stats.DEX,
      con: sheet.stats.CON,
      int: sheet.stats.INT,
      pow: sheet.stats.POW,
      cha: sheet.stats.CHA,
      hpMax: sheet.derived.hp,
      hp: sheet.derived.hp,
      wpMax: sheet.derived.wp,
      wp: sheet.derived.wp,
      san: sheet.derived.san,
      breakingPoint: sheet.derived.breakingPoint,
      resourcesRating: split.rating,
      resourcesAtHand: split.atHand,
      resourcesStowed: split.stowed,
      resourcesStorage: split.inStorage,
      creation: asJson(input.creation),
      skills: {
        create: sheet.skills.map((s) => ({
          id: newId(),
          name: s.name,
          key: s.key,
          rating: s.rating,
        })),
      },
      bonds: {
        create: sheet.bonds.map((b) => ({
          id: newId(),
          name: b.name,
          kind: b.kind,
          score: b.score,
        })),
      },
    },
    include: protagonistInclude,
  });
  return toSnapshot(row);
}
