import { z } from "zod";
import { actorSchema, type Actor } from "../../../core/access/actor.js";
import { ruleOptionsSchema } from "../rules/options.js";
import { ERAS } from "../rules/types.js";
import { assertGm, resolveCampaign } from "./campaign-access.js";
import { SECRET_ROLL_MODES } from "./campaign-service.js";
import { customContentOf } from "./custom-content.js";
import type { ServiceDeps } from "./deps.js";
import { conflict, forbidden, invalid } from "./errors.js";
import { fact } from "./event-facts.js";
import { asJson } from "./event-log.js";
import { NO_EXTENSIONS } from "./extension-points.js";
import { displayName, parseInput, recordId } from "./validation.js";

export const CAMPAIGN_FORMAT = "cthulhu-eternal-campaign";
/** A campaign file is small: settings, custom content, the Extras' catalogues. */
export const CAMPAIGN_IMPORT_MAX_BYTES = 500_000;

/** A campaign as a file carries it: everything but its people, channels and log. */
const campaignFile = z.object({
  format: z.literal(CAMPAIGN_FORMAT),
  version: z.literal(1),
  campaign: z.object({
    name: displayName,
    era: z.enum(ERAS),
    secretRollMode: z.enum(SECRET_ROLL_MODES),
    ruleOptions: ruleOptionsSchema,
    customContent: z.unknown().nullable(),
    extras: z.unknown().nullable(),
  }),
});
export type CampaignFile = z.infer<typeof campaignFile>;

const exportInput = z.object({ actor: actorSchema, campaignId: recordId.nullish() });
const importInput = z.object({
  actor: actorSchema,
  json: z.string().max(CAMPAIGN_IMPORT_MAX_BYTES),
  name: displayName.nullish(),
});

/**
 * A campaign to a file and back: its settings, custom archetypes and skills, and the Extras with
 * their catalogues (bestiary, substances, entities' weapons). Protagonists travel by their own
 * files; GMs, channels and the log stay where they were.
 */
export function createCampaignTransfer({ store, extensions = NO_EXTENSIONS }: ServiceDeps) {
  return {
    /** GM: the campaign as a file (hidden entities included: it is the GM's). */
    async exportCampaign(raw: { actor: Actor; campaignId?: string | null }): Promise<CampaignFile> {
      const { actor, campaignId } = parseInput(exportInput, raw);
      return store.read(async (tx) => {
        const campaign = await resolveCampaign(tx, actor, campaignId);
        await assertGm(tx, actor, campaign);
        return campaignFile.parse({
          format: CAMPAIGN_FORMAT,
          version: 1,
          campaign: {
            name: campaign.name,
            era: campaign.era,
            secretRollMode: campaign.secretRollMode,
            ruleOptions: ruleOptionsSchema.parse(campaign.ruleOptions ?? {}),
            customContent: campaign.customContent,
            extras: campaign.extras,
          },
        });
      });
    },

    /** A new campaign here from a file, checked whole before anything is written. */
    async importCampaign(raw: { actor: Actor; json: string; name?: string | null }) {
      const { actor, json, name } = parseInput(importInput, raw);
      const file = parseCampaignFile(json);
      const source = file.campaign;
      const campaignName = name ?? source.name;
      // The same checks as in use: a custom archetype or skill the creation rules refuse is named.
      const customContent = source.customContent === null ? null : asJson(source.customContent);
      customContentOf({ customContent, name: campaignName });
      const extras = extensions.checkCampaignExtras(source.extras ?? {});
      return store.transaction(async (tx) => {
        const isFirst = (await tx.campaigns.countIn(actor.guildId)) === 0;
        if (!isFirst && !actor.canManageGuild) {
          throw forbidden({ code: "campaign-needs-manage-server" });
        }
        if (await tx.campaigns.byName(actor.guildId, campaignName)) {
          throw conflict({ code: "campaign-name-taken", name: campaignName });
        }
        const created = await tx.campaigns.create({
          guildId: actor.guildId,
          name: campaignName,
          era: source.era,
          isDefault: isFirst,
          creatorId: actor.userId,
        });
        // A GM channel belongs to the server the file came from: secret rolls go privately.
        const secretRollMode =
          source.secretRollMode === "gm-channel" ? "ephemeral" : source.secretRollMode;
        await tx.campaigns.updateSettings(created, {
          era: source.era,
          secretRollMode,
          gmChannelId: null,
          ruleOptions: asJson(source.ruleOptions),
          isDefault: isFirst,
        });
        await tx.campaigns.setCustomContent(created.id, customContent);
        await tx.campaigns.setExtras(created.id, asJson(extras));
        await tx.events.append({
          guildId: actor.guildId,
          campaignId: created.id,
          actorId: actor.userId,
          ...fact("campaign-create", { campaign: campaignName }),
          sessionNumber: created.sessionNumber,
          input: { name: campaignName, imported: true },
        });
        return {
          campaign: { id: created.id, name: campaignName },
          gmChannelDropped: source.secretRollMode === "gm-channel",
        };
      });
    },
  };
}

function parseCampaignFile(json: string): CampaignFile {
  let data: unknown;
  try {
    // An editor on Windows may leave a byte-order mark before the JSON.
    data = JSON.parse(json.replace(/^\uFEFF/, ""));
  } catch {
    throw invalid({ code: "campaign-file-invalid", path: null });
  }
  const parsed = campaignFile.safeParse(data);
  if (parsed.success) return parsed.data;
  const path = parsed.error.issues[0]?.path.map(String).join(".") ?? "";
  throw invalid({ code: "campaign-file-invalid", path: path || null });
}

export type CampaignTransfer = ReturnType<typeof createCampaignTransfer>;
