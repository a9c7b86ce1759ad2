import { z } from "zod";
import { fact } from "./event-facts.js";
import { skillCatalog } from "../rules/creation/index.js";
import { actorSchema, type Actor } from "../../../core/access/actor.js";
import { resolveCampaign } from "./campaign-access.js";
import { campaignEra, creationContextOf } from "./custom-content.js";
import type { ServiceDeps } from "./deps.js";
import { NO_EXTENSIONS } from "./extension-points.js";
import { parseImport } from "./protagonist-import.js";
import { maxSanOf } from "./protagonist-edit.js";
import { recoverySanity } from "../rules/derived.js";
import type { ForeverReport } from "./cthulhu-forever/from-forever.js";
import { toForever } from "./cthulhu-forever/to-forever.js";
import {
  assertNameFree,
  campaignRef,
  selectIfNone,
  uniqueName,
} from "./protagonist-service-shared.js";
import { EVERYONE } from "./event-visibility.js";
import { sheetSeenBy } from "./hidden-marks.js";
import { readTarget } from "./protagonist-target.js";
import { insertImported, toExport, type ProtagonistExport } from "./protagonist-transfer.js";
import type { ProtagonistSnapshot } from "./snapshot.js";
import { displayName, parseInput, recordId } from "./validation.js";

const protagonistRef = z.object({ actor: actorSchema, protagonistId: recordId.nullish() });

const importInput = campaignRef.extend({
  json: z.string(),
  /** Import under another name (e.g. when the campaign already has one of that name). */
  name: displayName.nullish(),
});

export interface ImportResult {
  protagonist: ProtagonistSnapshot;
  selected: boolean;
  eventId: number;
  /** What became of a Cthulhu Forever file's fields; null for this bot's own export. */
  forever: ForeverReport | null;
}

/** A sheet exported as a versioned JSON document, and such a document imported as a new Protagonist. */
export function createProtagonistTransferService({
  store,
  extensions = NO_EXTENSIONS,
}: ServiceDeps) {
  return {
    /** The sheet as a versioned JSON document (no database ids, guild or owner). */
    async exportJson(raw: {
      actor: Actor;
      protagonistId?: string | null;
    }): Promise<ProtagonistExport> {
      const { actor, protagonistId } = parseInput(protagonistRef, raw);
      return store.transaction(async (tx) => {
        const { protagonist } = await readTarget(tx, actor, protagonistId);
        // The file may be shared: it carries the sheet as the whole table sees it.
        const shared = sheetSeenBy(protagonist, EVERYONE);
        return toExport(
          shared,
          await tx.protagonists.creationOf(actor.guildId, protagonist.id),
          extensions.exportExtras(shared),
        );
      });
    },

    /** The sheet as a Cthulhu Forever export, to take back to the web generator. */
    async exportForever(raw: {
      actor: Actor;
      protagonistId?: string | null;
    }): Promise<{ name: string; document: Record<string, unknown> }> {
      const { actor, protagonistId } = parseInput(protagonistRef, raw);
      return store.read(async (tx) => {
        const { campaign, protagonist } = await readTarget(tx, actor, protagonistId);
        const shared = sheetSeenBy(protagonist, EVERYONE);
        const corrupted = extensions.maxSanReduction(shared, campaign);
        const unnatural = shared.skills.find((s) => s.key === "unnatural")?.rating ?? 0;
        const era = campaignEra(campaign);
        const document = toForever(
          shared,
          skillCatalog(era, creationContextOf(campaign).customSkills),
          era,
          {
            maxSan: maxSanOf(shared, corrupted),
            recoverySan: recoverySanity(shared.stats.POW, unnatural, corrupted),
          },
        );
        return { name: shared.name, document };
      });
    },

    /** A new Protagonist of the actor, in the current campaign, from an exported document. */
    async importJson(raw: {
      actor: Actor;
      campaignId?: string | null;
      json: string;
      name?: string | null;
    }): Promise<ImportResult> {
      const input = parseInput(importInput, raw);
      const { actor } = input;
      return store.transaction(async (tx) => {
        const campaign = await resolveCampaign(tx, actor, input.campaignId);
        const { sheet, creation, forever } = parseImport(input.json, {
          catalog: skillCatalog(campaignEra(campaign), creationContextOf(campaign).customSkills),
          name: input.name,
          extensions,
        });
        await assertNameFree(tx, campaign, sheet.name);
        const protagonist = await uniqueName(campaign, sheet.name, () =>
          insertImported(
            tx,
            { guildId: actor.guildId, campaignId: campaign.id, ownerId: actor.userId },
            sheet,
            creation,
            extensions,
          ),
        );
        const selected = await selectIfNone(tx, protagonist);
        const eventId = await tx.events.append({
          guildId: actor.guildId,
          campaignId: campaign.id,
          actorId: actor.userId,
          ...fact("protagonist-import", { protagonist: sheet.name, archetype: sheet.archetype }),
          sessionNumber: campaign.sessionNumber,
          // The document itself can be 100 kB; the new Protagonist holds it all anyway.
          input: { name: sheet.name, bytes: Buffer.byteLength(input.json, "utf8") },
          concerns: [protagonist.id],
        });
        return { protagonist, selected, eventId, forever };
      });
    },
  };
}
