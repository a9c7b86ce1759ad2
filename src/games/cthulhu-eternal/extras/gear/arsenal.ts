import { z } from "zod";
import { actorSchema, type Actor } from "../../../../core/access/actor.js";
import { newConditions } from "../../rules/conditions.js";
import { assertGm, resolveCampaign } from "../../services/campaign-access.js";
import type { ServiceDeps } from "../../services/deps.js";
import { NO_EXTENSIONS } from "../../services/extension-points.js";
import { changesOf, readTarget } from "../../services/protagonist-target.js";
import { displayName, parseInput, recordId } from "../../services/validation.js";
import type { StoreTx } from "../../store/store.js";
import { writeModuleData } from "../../services/campaign-module-data.js";
import { assertExtraOn } from "../extras-service.js";
import { ExtraRefusal, type ExtraModule } from "../module.js";
import { wound, type ProtagonistHit } from "./attack.js";
import { GEAR_EVENTS } from "./events.js";
import {
  DAMAGE_TYPES,
  RANGES,
  resolveHit,
  totalProtection,
  type HitResult,
  type Range,
  type Weapon,
} from "./rules.js";
import { harmOf } from "./harm-input.js";
import {
  arsenalOf,
  entityKey,
  gearOf,
  GEAR_ID,
  MAX_WEAPONS,
  named,
  UNSEEN_WEAPON,
} from "./state.js";
import { logModuleEvent } from "../module-log.js";

const entityRef = { actor: actorSchema, entity: displayName };
const entityWeaponInput = z.object({
  ...entityRef,
  name: displayName,
  damage: z.string().trim().min(1).max(40),
  range: z.enum(RANGES),
  type: z.enum(DAMAGE_TYPES).default("default"),
  weird: z.boolean().default(false),
});
const strikeInput = z.object({
  ...entityRef,
  weapon: displayName,
  targetId: recordId,
  critical: z.boolean().default(false),
  calledShot: z.boolean().default(false),
});

export interface EntityWeaponOutcome {
  entity: string;
  weapon: Weapon;
  /** The entity is hidden from the table: the answer is the GM's alone. */
  hidden: boolean;
  eventId: number;
}

export interface StrikeOutcome {
  /** Null while the entity is hidden from the table: the table learns only that something struck. */
  entity: string | null;
  weapon: Weapon;
  critical: boolean;
  calledShot: boolean;
  hit: HitResult;
  target: ProtagonistHit;
  eventId: number;
}

/**
 * The bestiary's weapons (GMs keep them in the campaign) and an entity's strike on a Protagonist.
 * Entities have no skill ratings (seed 002): the GM says whether it hits, and whether critically.
 */
export function createArsenal(
  { store, rng, extensions = NO_EXTENSIONS }: ServiceDeps,
  module: ExtraModule,
) {
  async function gmEntity(tx: StoreTx, actor: Actor, name: string) {
    const campaign = await resolveCampaign(tx, actor);
    assertExtraOn(module, campaign);
    await assertGm(tx, actor, campaign);
    const defence = extensions.opponentDefence({ campaign, name, gm: true });
    const arsenal = arsenalOf(campaign.extras);
    return { campaign, defence, arsenal, weapons: arsenal.entities[entityKey(defence.name)] ?? [] };
  }

  return {
    /** GM: a weapon for an entity of the bestiary. */
    async entityWeapon(raw: {
      actor: Actor;
      entity: string;
      name: string;
      damage: string;
      range: Range;
      type?: (typeof DAMAGE_TYPES)[number];
      weird?: boolean;
    }): Promise<EntityWeaponOutcome> {
      const input = parseInput(entityWeaponInput, raw);
      const harm = harmOf(input.damage);
      return store.transaction(async (tx) => {
        const { campaign, defence, arsenal, weapons } = await gmEntity(
          tx,
          input.actor,
          input.entity,
        );
        if (named(weapons, input.name)) {
          throw new ExtraRefusal(GEAR_ID, "item-exists", {
            item: input.name,
            protagonist: defence.name,
          });
        }
        if (weapons.length >= MAX_WEAPONS) {
          throw new ExtraRefusal(GEAR_ID, "too-many-weapons", { max: MAX_WEAPONS });
        }
        const weapon: Weapon = {
          name: input.name,
          skill: "",
          harm,
          range: input.range,
          type: input.type,
          weird: input.weird,
        };
        const next = {
          entities: { ...arsenal.entities, [entityKey(defence.name)]: [...weapons, weapon] },
        };
        const change = await writeModuleData(tx, campaign, GEAR_ID, next);
        const eventId = await logModuleEvent(tx, input.actor, campaign, {
          kind: GEAR_EVENTS.equip,
          payload: { protagonist: defence.name, item: weapon.name, kind: "weapon", action: "add" },
          campaignData: [change],
          // The bestiary is the GMs' until shown.
          ...(defence.hidden ? { visibility: "gms" as const } : {}),
        });
        return { entity: defence.name, weapon, hidden: defence.hidden, eventId };
      });
    },

    /** GM: an entity's weapons (autocomplete). */
    async entityWeapons(raw: { actor: Actor; entity: string }): Promise<Weapon[]> {
      const input = parseInput(z.object(entityRef), raw);
      return store.read(async (tx) => (await gmEntity(tx, input.actor, input.entity)).weapons);
    },

    /** GM: an entity strikes a Protagonist with one of its weapons: damage, armour, HP. */
    async strike(raw: {
      actor: Actor;
      entity: string;
      weapon: string;
      targetId: string;
      critical?: boolean;
      calledShot?: boolean;
    }): Promise<StrikeOutcome> {
      const input = parseInput(strikeInput, raw);
      const { actor } = input;
      return store.transaction(async (tx) => {
        const { campaign, defence, weapons } = await gmEntity(tx, actor, input.entity);
        const weapon = named(weapons, input.weapon);
        if (!weapon) {
          throw new ExtraRefusal(GEAR_ID, "no-such-weapon", {
            weapon: input.weapon,
            protagonist: defence.name,
          });
        }
        const { protagonist: before, campaign: targetCampaign } = await readTarget(
          tx,
          actor,
          input.targetId,
        );
        if (targetCampaign.id !== campaign.id || before.status !== "active") {
          throw new ExtraRefusal(GEAR_ID, "target-out-of-play", { target: before.name });
        }
        const gear = gearOf(before);
        // While hidden, neither its name nor its weapon's reaches the table (a wound is named
        // after the weapon that left it).
        const wielded = defence.hidden ? { ...weapon, name: UNSEEN_WEAPON } : weapon;
        const hit = resolveHit(
          {
            weapon: wielded,
            critical: input.critical,
            damageBonus: 0,
            target: { armour: totalProtection(gear.armour) },
            calledShot: input.calledShot,
          },
          rng,
        );
        const struck = wound(before, gear, hit);
        const after = extensions.afterLoss({
          campaign,
          pool: "HP",
          lost: -struck.change.applied,
          corrupting: false,
          before,
          after: struck.after,
        });
        await tx.protagonists.write(before, after);
        const entity = defence.hidden ? null : defence.name;
        const eventId = await logModuleEvent(tx, actor, campaign, {
          kind: GEAR_EVENTS.strike,
          payload: {
            entity,
            weapon: wielded.name,
            target: before.name,
            critical: input.critical,
            damage: hit.dealt,
            lethal: hit.dealt === null,
          },
          dice: hit,
          changes: changesOf(before, after),
          concerns: [before.id],
        });
        return {
          entity,
          weapon: wielded,
          critical: input.critical,
          calledShot: input.calledShot,
          hit,
          target: {
            kind: "protagonist",
            name: before.name,
            change: struck.change,
            wornArmour: struck.wornArmour,
            periodic: struck.periodic,
            conditions: newConditions(before, after),
          },
          eventId,
        };
      });
    },
  };
}
