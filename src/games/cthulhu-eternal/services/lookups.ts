import type { StoreTx } from "../store/store.js";
import { closestNames } from "../rules/closest-names.js";
import { SKILL_ALIASES } from "../rules/skill-aliases.js";
import type { Actor } from "../../../core/access/actor.js";
import { NameNotFoundError, notFound } from "./errors.js";
import { looksLikeId } from "./ids.js";
import type { BondSnapshot, ProtagonistSnapshot, SkillSnapshot } from "./snapshot.js";
import { skillKey } from "./snapshot.js";

/**
 * Lookups of what a player named in an option (picked from autocomplete, or typed): by id, or
 * by a name typed in full; when nothing matches, a NameNotFoundError with the closest names.
 */

/** Enough names to find the closest among, for any table. */
export const MAX_CANDIDATES = 500;

/** What to echo back: a typed name, or nothing for an id (it would mean nothing to anyone). */
function typedName(value: string): string | null {
  return looksLikeId(value) ? null : value.trim();
}

const sameName = (a: string, b: string): boolean =>
  a.trim().toLowerCase() === b.trim().toLowerCase();

/** A skill on the sheet by name, any letter case. */
export function findSkill(protagonist: ProtagonistSnapshot, name: string): SkillSnapshot {
  const skill = protagonist.skills.find((s) => s.key === skillKey(name));
  if (skill) return skill;
  throw new NameNotFoundError({
    kind: "skill",
    typed: name.trim(),
    owner: protagonist.name,
    suggestions: closestNames(
      name,
      protagonist.skills.map((s) => s.name),
      { aliases: SKILL_ALIASES },
    ),
  });
}

/** A Bond on the sheet by id, or by its name typed in full; suggestions among standing Bonds. */
export function findBond(protagonist: ProtagonistSnapshot, idOrName: string): BondSnapshot {
  const bond =
    protagonist.bonds.find((b) => b.id === idOrName) ??
    protagonist.bonds.find((b) => sameName(b.name, idOrName));
  if (bond) return bond;
  const typed = typedName(idOrName);
  throw new NameNotFoundError({
    kind: "bond",
    typed,
    owner: protagonist.name,
    suggestions:
      typed === null
        ? []
        : closestNames(
            typed,
            protagonist.bonds.filter((b) => !b.crossedOff).map((b) => b.name),
          ),
  });
}

type NamedCampaign = { id: string; name: string } | undefined;

/**
 * Loads a Protagonist of this guild; one of another guild is "not found", never leaked. The
 * snapshot may be shared (the store's read cache): change a copy (`cloneSnapshot`).
 */
export async function loadProtagonist(
  tx: StoreTx,
  guildId: string,
  id: string,
): Promise<ProtagonistSnapshot> {
  const protagonist = await tx.protagonists.find(guildId, id);
  if (!protagonist) throw notFound("protagonist");
  return protagonist;
}

/**
 * A Protagonist of the actor's guild by id or, failing that, one of the campaign named in full
 * (any letter case): what a player who typed the name without picking it meant. The campaign
 * is only looked up then (a function), off the path of every command that names one by id.
 */
export async function loadChosenProtagonist(
  tx: StoreTx,
  actor: Pick<Actor, "guildId">,
  idOrName: string,
  campaignOfNames: NamedCampaign | (() => Promise<NamedCampaign>),
): Promise<ProtagonistSnapshot> {
  const byId = await tx.protagonists.find(actor.guildId, idOrName);
  if (byId) return byId;
  const campaign =
    typeof campaignOfNames === "function" ? await campaignOfNames() : campaignOfNames;
  const typed = typedName(idOrName);
  const names =
    typed === null || campaign === undefined
      ? []
      : await tx.protagonists.namesIn(actor.guildId, campaign.id, MAX_CANDIDATES);
  const named = typed === null ? undefined : names.find((p) => sameName(p.name, typed));
  if (named) return loadProtagonist(tx, actor.guildId, named.id);
  throw new NameNotFoundError({
    kind: "protagonist",
    typed,
    owner: campaign?.name ?? null,
    suggestions:
      typed === null
        ? []
        : closestNames(
            typed,
            names.map((p) => p.name),
          ),
  });
}

/** The suggestions and echo for a campaign that was not found by id or by name. */
export function campaignNotFound(
  idOrName: string,
  campaigns: readonly { name: string }[],
): NameNotFoundError {
  const typed = typedName(idOrName);
  return new NameNotFoundError({
    kind: "campaign",
    typed,
    owner: null,
    suggestions:
      typed === null
        ? []
        : closestNames(
            typed,
            campaigns.map((c) => c.name),
          ),
  });
}
