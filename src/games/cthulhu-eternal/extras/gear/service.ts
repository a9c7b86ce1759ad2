import { z } from "zod";
import { actorSchema, type Actor } from "../../../../core/access/actor.js";
import type { DiceRoll } from "../../rules/dice/index.js";
import { applyHpChange, type HpChange } from "../../rules/harm.js";
import { newConditions, type Condition } from "../../rules/conditions.js";
import type { ServiceDeps } from "../../services/deps.js";
import { withHp } from "../../services/harm-service.js";
import { findSkill } from "../../services/lookups.js";
import { readTarget } from "../../services/protagonist-target.js";
import type { ProtagonistSnapshot } from "../../services/snapshot.js";
import { displayName, parseInput, recordId } from "../../services/validation.js";
import type { StoreTx } from "../../store/store.js";
import type { Campaign } from "../../store/types.js";
import { assertExtraOn } from "../extras-service.js";
import { logSheetChange } from "../module-log.js";
import { ExtraRefusal, type ExtraModule } from "../module.js";
import { createArsenal } from "./arsenal.js";
import { createAttacks } from "./attack.js";
import { harmOf } from "./harm-input.js";
import { armedTarget } from "./target.js";
import { GEAR_EVENTS } from "./events.js";
import {
  DAMAGE_TYPES,
  periodicDamage,
  RANGES,
  type PeriodicEffect,
  type Range,
  type Weapon,
} from "./rules.js";
import {
  gearOf,
  GEAR_ID,
  MAX_ARMOUR,
  MAX_PROTECTION,
  MAX_WEAPONS,
  named,
  withGear,
  type Gear,
} from "./state.js";

const who = { actor: actorSchema, protagonistId: recordId.nullish() };
const weaponInput = z.object({
  ...who,
  name: displayName,
  skill: z.string().trim().max(64).default(""),
  damage: z.string().trim().min(1).max(40),
  range: z.enum(RANGES),
  type: z.enum(DAMAGE_TYPES).default("default"),
  weird: z.boolean().default(false),
});
const armourInput = z.object({
  ...who,
  name: displayName,
  protection: z.number().int().min(0).max(MAX_PROTECTION),
  fragile: z.boolean().default(false),
  heavy: z.boolean().default(false),
});
const itemInput = z.object({ ...who, item: displayName });

export interface GearOutcome {
  protagonist: { id: string; name: string };
  gear: Gear;
  item: string;
  eventId: number;
}

export interface PeriodicOutcome {
  protagonist: { id: string; name: string };
  rolls: { effect: PeriodicEffect; roll: DiceRoll }[];
  change: HpChange;
  conditions: Condition[];
  eventId: number;
}

export function createGearService(deps: ServiceDeps, module: ExtraModule) {
  const { store, rng } = deps;
  const wearer = (tx: StoreTx, actor: Actor, protagonistId?: string | null) =>
    armedTarget(tx, actor, module, protagonistId);

  async function equip(
    tx: StoreTx,
    actor: Actor,
    campaign: Campaign,
    before: ProtagonistSnapshot,
    gear: Gear,
    change: { item: string; kind: "weapon" | "armour"; action: "add" | "drop" },
  ): Promise<GearOutcome> {
    const after = withGear(before, gear);
    const eventId = await logSheetChange(
      tx,
      actor,
      campaign,
      { kind: GEAR_EVENTS.equip, payload: { protagonist: before.name, ...change } },
      before,
      after,
    );
    return { protagonist: { id: before.id, name: before.name }, gear, item: change.item, eventId };
  }

  function assertNewItem(gear: Gear, name: string, protagonist: string) {
    if (named(gear.weapons, name) || named(gear.armour, name)) {
      throw new ExtraRefusal(GEAR_ID, "item-exists", { item: name, protagonist });
    }
  }

  /** A new weapon or piece of armour on the sheet; `add` checks the sheet's room for it. */
  function addItem(
    input: { actor: Actor; protagonistId?: string | null | undefined; name: string },
    kind: "weapon" | "armour",
    add: (gear: Gear, protagonist: ProtagonistSnapshot) => Gear,
  ): Promise<GearOutcome> {
    return store.transaction(async (tx) => {
      const { campaign, protagonist, gear } = await wearer(tx, input.actor, input.protagonistId);
      assertNewItem(gear, input.name, protagonist.name);
      return equip(tx, input.actor, campaign, protagonist, add(gear, protagonist), {
        item: input.name,
        kind,
        action: "add",
      });
    });
  }

  return {
    ...createAttacks(deps, module),
    ...createArsenal(deps, module),

    /** A weapon on the sheet: its skill must be one the Protagonist has. */
    async weapon(raw: {
      actor: Actor;
      protagonistId?: string | null;
      name: string;
      skill?: string;
      damage: string;
      range: Range;
      type?: (typeof DAMAGE_TYPES)[number];
      weird?: boolean;
    }): Promise<GearOutcome> {
      const input = parseInput(weaponInput, raw);
      const harm = harmOf(input.damage);
      return addItem(input, "weapon", (gear, protagonist) => {
        if (gear.weapons.length >= MAX_WEAPONS) {
          throw new ExtraRefusal(GEAR_ID, "too-many-weapons", { max: MAX_WEAPONS });
        }
        if (input.skill === "") throw new ExtraRefusal(GEAR_ID, "weapon-needs-skill");
        const weapon: Weapon = {
          name: input.name,
          skill: findSkill(protagonist, input.skill).name,
          harm,
          range: input.range,
          type: input.type,
          weird: input.weird,
        };
        return { ...gear, weapons: [...gear.weapons, weapon] };
      });
    },

    /** A piece of armour worn: its protection counts against every hit but called shots. */
    async armour(raw: {
      actor: Actor;
      protagonistId?: string | null;
      name: string;
      protection: number;
      fragile?: boolean;
      heavy?: boolean;
    }): Promise<GearOutcome> {
      const input = parseInput(armourInput, raw);
      return addItem(input, "armour", (gear) => {
        if (gear.armour.length >= MAX_ARMOUR) {
          throw new ExtraRefusal(GEAR_ID, "too-much-armour", { max: MAX_ARMOUR });
        }
        const piece = {
          name: input.name,
          protection: input.protection,
          fragile: input.fragile,
          heavy: input.heavy,
        };
        return { ...gear, armour: [...gear.armour, piece] };
      });
    },

    /** A weapon or piece of armour off the sheet. */
    async drop(raw: {
      actor: Actor;
      protagonistId?: string | null;
      item: string;
    }): Promise<GearOutcome> {
      const input = parseInput(itemInput, raw);
      return store.transaction(async (tx) => {
        const { campaign, protagonist, gear } = await wearer(tx, input.actor, input.protagonistId);
        const weapon = named(gear.weapons, input.item);
        const piece = named(gear.armour, input.item);
        if (!weapon && !piece) {
          throw new ExtraRefusal(GEAR_ID, "no-such-item", {
            item: input.item,
            protagonist: protagonist.name,
          });
        }
        const next: Gear = {
          ...gear,
          weapons: gear.weapons.filter((w) => w !== weapon),
          armour: gear.armour.filter((a) => a !== piece),
        };
        return equip(tx, input.actor, campaign, protagonist, next, {
          item: (weapon ?? piece)?.name ?? input.item,
          kind: weapon ? "weapon" : "armour",
          action: "drop",
        });
      });
    },

    /** The sheet's gear, as anyone at the table may read it. */
    async list(raw: { actor: Actor; protagonistId?: string | null }) {
      const input = parseInput(z.object(who), raw);
      return store.read(async (tx) => {
        const { campaign, protagonist } = await readTarget(tx, input.actor, input.protagonistId);
        assertExtraOn(module, campaign);
        return {
          protagonist: { id: protagonist.id, name: protagonist.name },
          gear: gearOf(protagonist),
        };
      });
    },

    /** A round of every periodic wound on the sheet (GM): each one's dice off HP. */
    async periodic(raw: { actor: Actor; protagonistId?: string | null }): Promise<PeriodicOutcome> {
      const input = parseInput(z.object(who), raw);
      return store.transaction(async (tx) => {
        const {
          campaign,
          protagonist: before,
          gear,
        } = await wearer(tx, input.actor, input.protagonistId);
        if (gear.periodic.length === 0) {
          throw new ExtraRefusal(GEAR_ID, "no-periodic", { protagonist: before.name });
        }
        const rolls = gear.periodic.map((effect) => ({
          effect,
          roll: periodicDamage(effect, rng),
        }));
        const lost = rolls.reduce((sum, r) => sum + Math.max(0, r.roll.total), 0);
        const change = applyHpChange(before.hp, before.hpMax, -lost);
        const after = withHp(before, change);
        const eventId = await logSheetChange(
          tx,
          input.actor,
          campaign,
          {
            kind: GEAR_EVENTS.periodic,
            payload: {
              protagonist: before.name,
              effects: rolls.map((r) => r.effect.name),
              damage: lost,
              before: change.before,
              after: change.after,
            },
            dice: rolls,
          },
          before,
          after,
        );
        return {
          protagonist: { id: before.id, name: before.name },
          rolls,
          change,
          conditions: newConditions(before, after),
          eventId,
        };
      });
    },

    /** A periodic wound treated: it hurts no more. */
    async treat(raw: {
      actor: Actor;
      protagonistId?: string | null;
      item: string;
    }): Promise<GearOutcome> {
      const input = parseInput(itemInput, raw);
      return store.transaction(async (tx) => {
        const {
          campaign,
          protagonist: before,
          gear,
        } = await wearer(tx, input.actor, input.protagonistId);
        const effect = named(gear.periodic, input.item);
        if (!effect) {
          throw new ExtraRefusal(GEAR_ID, "no-such-wound", {
            item: input.item,
            protagonist: before.name,
          });
        }
        const next = { ...gear, periodic: gear.periodic.filter((e) => e !== effect) };
        const eventId = await logSheetChange(
          tx,
          input.actor,
          campaign,
          { kind: GEAR_EVENTS.treat, payload: { protagonist: before.name, effect: effect.name } },
          before,
          withGear(before, next),
        );
        return {
          protagonist: { id: before.id, name: before.name },
          gear: next,
          item: effect.name,
          eventId,
        };
      });
    },
  };
}

export type GearService = ReturnType<typeof createGearService>;
