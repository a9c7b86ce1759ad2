import { z } from "zod";
import type { Campaign } from "../store/types.js";
import type { CreationContext, SkillDefinition } from "../rules/creation/index.js";
import { ERAS, type Era } from "../rules/types.js";
import { invalid } from "./errors.js";
import { notedIssues } from "../rules/input-notes.js";

/**
 * The shape of `Campaign.customContent`: GM-defined archetypes (checked in depth by the creation
 * rules' `archetypeSchema` when used), extra skills for the campaign's era, and an optional
 * replacement adversity-skill list. Missing keys mean "none".
 */
export const customContentSchema = z.object({
  archetypes: z.array(z.unknown()).max(100).default([]),
  skills: z
    .array(
      z.object({
        name: z.string().trim().min(1).max(80),
        base: z.number().int().min(0).max(99),
        typed: z.boolean().default(false),
      }),
    )
    .max(200)
    .default([]),
  adversitySkills: z.array(z.string().trim().min(1).max(120)).max(50).optional(),
});

export type CustomContent = z.infer<typeof customContentSchema>;

/** The campaign's era; a value outside the known eras (hand-edited data) falls back to Modern. */
export function campaignEra(campaign: Pick<Campaign, "era">): Era {
  return (ERAS as readonly string[]).includes(campaign.era) ? (campaign.era as Era) : "modern";
}

export function customContentOf(campaign: Pick<Campaign, "customContent" | "name">): CustomContent {
  const parsed = notedIssues(customContentSchema, campaign.customContent ?? {});
  if (parsed.ok) return parsed.value;
  const issue = parsed.issues[0];
  // A GM's broken data must not pass silently into creation; say whose and where.
  throw invalid({
    code: "custom-content-invalid",
    campaign: campaign.name,
    path: issue?.path.length ? issue.path.map(String).join(".") : null,
    problem: issue?.note ?? { code: "not-valid" },
  });
}

/** What the creation rules need from the campaign beyond rule options. */
export function creationContextOf(
  campaign: Pick<Campaign, "customContent" | "name">,
): Omit<CreationContext, "partial"> {
  const content = customContentOf(campaign);
  const skills: SkillDefinition[] = content.skills;
  return {
    customArchetypes: content.archetypes,
    customSkills: skills,
    ...(content.adversitySkills ? { adversitySkills: content.adversitySkills } : {}),
  };
}
