import { z } from "zod";
import type { SheetChange } from "./sheet-change.js";
import { fact } from "./event-facts.js";
import { skillCatalog } from "../rules/creation/index.js";
import { actorSchema, type Actor } from "../../../core/access/actor.js";
import { CAMPAIGN_WIDE } from "./active-protagonist.js";
import { assertCanActOn, isGm, resolveCampaign } from "./campaign-access.js";
import { campaignEra, creationContextOf } from "./custom-content.js";
import type { ServiceDeps } from "./deps.js";
import { invalid } from "./errors.js";
import {
  applyPatch,
  protagonistPatchSchema,
  type ProtagonistPatchInput,
} from "./protagonist-edit.js";
import { parseFriendly } from "./protagonist-input.js";
import { assertNameFree, uniqueName } from "./protagonist-service-shared.js";
import { cloneSnapshot, type ProtagonistSnapshot } from "./snapshot.js";
import { loadProtagonist } from "./lookups.js";
import { parseInput, recordId } from "./validation.js";

const selectInput = z.object({
  actor: actorSchema,
  protagonistId: recordId,
  scope: z.enum(["channel", "campaign"]),
});

// The patch is parsed on its own so messages name its fields as the player wrote them
// (`notes`, `stats.STR`), like the range checks made once the sheet is loaded.
const editInput = z.object({ actor: actorSchema, protagonistId: recordId, patch: z.unknown() });

const retireInput = z.object({ actor: actorSchema, protagonistId: recordId });

export interface SelectResult {
  protagonist: { id: string; name: string };
  campaign: { id: string; name: string };
  scope: "channel" | "campaign";
  eventId: number;
}

export interface ChangeResult {
  protagonist: ProtagonistSnapshot;
  /** What changed, one short line each. */
  changes: SheetChange[];
  eventId: number;
}

/** A Protagonist's life after creation: which one a player plays, sheet edits, retirement. */
export function createProtagonistLifecycleService({ store }: ServiceDeps) {
  return {
    /**
     * Chooses the Protagonist the actor plays in this channel, or across its campaign. Players
     * choose among their own; GMs may choose any (to play an NPC Protagonist).
     */
    async select(raw: {
      actor: Actor;
      protagonistId: string;
      scope: "channel" | "campaign";
    }): Promise<SelectResult> {
      const { actor, protagonistId, scope } = parseInput(selectInput, raw);
      return store.transaction(async (tx) => {
        const protagonist = await loadProtagonist(tx, actor.guildId, protagonistId);
        await assertCanActOn(tx, actor, protagonist);
        if (protagonist.status !== "active") {
          throw invalid({
            code: "cannot-be-played",
            protagonist: protagonist.name,
            status: protagonist.status,
          });
        }
        const campaign = await resolveCampaign(tx, actor, protagonist.campaignId);
        if (scope === "channel") {
          const here = await resolveCampaign(tx, actor);
          if (here.id !== campaign.id) {
            throw invalid({
              code: "select-in-other-campaign",
              here: here.name,
              protagonist: protagonist.name,
              campaign: campaign.name,
            });
          }
        }
        const channelId = scope === "channel" ? actor.channelId : CAMPAIGN_WIDE;
        const key = {
          guildId: actor.guildId,
          userId: actor.userId,
          campaignId: campaign.id,
          channelId,
        };
        await tx.selections.choose(key, protagonist.id);
        const eventId = await tx.events.append({
          guildId: actor.guildId,
          campaignId: campaign.id,
          actorId: actor.userId,
          ...fact("protagonist-select", {
            protagonist: protagonist.name,
            scope,
            campaign: campaign.name,
          }),
          sessionNumber: campaign.sessionNumber,
          input: { protagonistId: protagonist.id, scope, channelId },
          concerns: [protagonist.id],
        });
        return {
          protagonist: { id: protagonist.id, name: protagonist.name },
          campaign: { id: campaign.id, name: campaign.name },
          scope,
          eventId,
        };
      });
    },

    /** Changes a sheet (its player or a GM; status is GM only), logged with before and after. */
    async edit(raw: {
      actor: Actor;
      protagonistId: string;
      patch: ProtagonistPatchInput;
    }): Promise<ChangeResult> {
      const { actor, protagonistId, ...rest } = parseInput(editInput, raw);
      const patch = parseFriendly(protagonistPatchSchema, rest.patch, "patch");
      // A key passed as undefined is as good as absent.
      if (Object.values(patch).every((v: unknown) => v === undefined)) {
        throw invalid({ code: "say-what-to-change" });
      }
      return store.transaction(async (tx) => {
        const before = await loadProtagonist(tx, actor.guildId, protagonistId);
        await assertCanActOn(tx, actor, before);
        const campaign = await resolveCampaign(tx, actor, before.campaignId);
        const { after, changes } = applyPatch(before, patch, {
          catalog: () =>
            skillCatalog(campaignEra(campaign), creationContextOf(campaign).customSkills),
          isGm: await isGm(tx, actor, campaign.id),
        });
        if (changes.length === 0) {
          throw invalid({ code: "changes-nothing", protagonist: before.name });
        }
        if (after.name !== before.name) await assertNameFree(tx, campaign, after.name, before.id);
        await uniqueName(campaign, after.name, () => tx.protagonists.write(before, after));
        const eventId = await tx.events.append({
          guildId: actor.guildId,
          campaignId: campaign.id,
          actorId: actor.userId,
          ...fact("protagonist-edit", { protagonist: before.name, changes }),
          sessionNumber: campaign.sessionNumber,
          input: { protagonistId, patch },
          changes: [{ before, after }],
        });
        return { protagonist: after, changes, eventId };
      });
    },

    /**
     * Retires a Protagonist (its player or a GM). A state change with before/after, so `/undo`
     * brings it back. Selections of it are cleared so commands stop acting on it; undo does not
     * restore them (the player selects again).
     */
    async retire(raw: { actor: Actor; protagonistId: string }): Promise<ChangeResult> {
      const { actor, protagonistId } = parseInput(retireInput, raw);
      return store.transaction(async (tx) => {
        const before = await loadProtagonist(tx, actor.guildId, protagonistId);
        await assertCanActOn(tx, actor, before);
        if (before.status !== "active") {
          throw invalid({
            code: "already-status",
            protagonist: before.name,
            status: before.status,
          });
        }
        const campaign = await resolveCampaign(tx, actor, before.campaignId);
        const after = cloneSnapshot(before);
        after.status = "retired";
        await tx.protagonists.write(before, after);
        await tx.selections.clearFor(actor.guildId, before.id);
        const eventId = await tx.events.append({
          guildId: actor.guildId,
          campaignId: campaign.id,
          actorId: actor.userId,
          ...fact("protagonist-retire", { protagonist: before.name }),
          sessionNumber: campaign.sessionNumber,
          input: { protagonistId },
          changes: [{ before, after }],
        });
        return {
          protagonist: after,
          changes: [{ kind: "status", before: before.status, after: "retired" }],
          eventId,
        };
      });
    },
  };
}
