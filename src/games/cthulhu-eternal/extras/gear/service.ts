import { z } from "zod";
import { actorSchema, type Actor } from "../../../../core/access/actor.js";
import { damageBonus } from "../../rules/derived.js";
import type { DiceRoll } from "../../rules/dice/index.js";
import { applyHpChange, type HpChange } from "../../rules/harm.js";
import { newConditions, type Condition } from "../../rules/conditions.js";
import type { PercentileTestResult } from "../../rules/percentile.js";
import { isGm } from "../../services/campaign-access.js";
import type { ServiceDeps } from "../../services/deps.js";
import { NO_EXTENSIONS } from "../../services/extension-points.js";
import { withHp } from "../../services/harm-service.js";
import { findSkill } from "../../services/lookups.js";
import { changesOf, readTarget, writeTarget } from "../../services/protagonist-target.js";
import { openSkillTest } from "../../services/skill-test.js";
import type { ProtagonistSnapshot } from "../../services/snapshot.js";
import { displayName, parseInput, recordId } from "../../services/validation.js";
import type { StoreTx } from "../../store/store.js";
import type { Campaign } from "../../store/types.js";
import { assertExtraOn } from "../extras-service.js";
import { logSheetChange } from "../module-log.js";
import { ExtraRefusal, type ExtraModule } from "../module.js";
import { GEAR_EVENTS } from "./events.js";
import {
  afterCriticalHit,
  assertWeaponDice,
  DAMAGE_TYPES,
  OUT_OF_RANGE_MODIFIER,
  outOfRange,
  periodicDamage,
  RANGES,
  resolveHit,
  totalProtection,
  type HitResult,
  type PeriodicEffect,
  type Range,
  type Weapon,
  type WeaponHarm,
} from "./rules.js";
import {
  gearOf,
  GEAR_ID,
  MAX_ARMOUR,
  MAX_PERIODIC,
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
  skill: z.string().trim().min(1).max(64),
  damage: z.string().trim().min(1).max(40),
  range: z.enum(RANGES),
  type: z.enum(DAMAGE_TYPES).default("default"),
});
const armourInput = z.object({
  ...who,
  name: displayName,
  protection: z.number().int().min(0).max(MAX_PROTECTION),
  fragile: z.boolean().default(false),
  heavy: z.boolean().default(false),
});
const itemInput = z.object({ ...who, item: displayName });
const attackInput = z.object({
  ...who,
  weapon: displayName,
  targetId: recordId.nullish(),
  range: z.enum(RANGES).nullish(),
  modifier: z.number().int().min(-100).max(100).default(0),
  calledShot: z.boolean().default(false),
});

/** "1D6+1" is dice; "15%" a lethality rating. */
function harmOf(typed: string): WeaponHarm {
  const lethality = /^(\d{1,3})\s*%$/.exec(typed);
  if (lethality) {
    const rating = Number(lethality[1]);
    if (rating < 1 || rating > 100) {
      throw new ExtraRefusal(GEAR_ID, "bad-lethality", { typed });
    }
    return { kind: "lethality", rating };
  }
  // Written the SRD's way, as SAN losses are: no spaces, a capital D ("2D6+1").
  const dice = typed.replace(/\s+/g, "").replace(/d(?=\d)/g, "D");
  assertWeaponDice(dice);
  return { kind: "dice", dice };
}

export interface GearOutcome {
  protagonist: { id: string; name: string };
  gear: Gear;
  item: string;
  eventId: number;
}

export interface AttackTargetOutcome {
  name: string;
  change: HpChange;
  /** Fragile pieces worn down by a critical hit. */
  wornArmour: string[];
  /** A periodic wound now on the target. */
  periodic: string | null;
  conditions: Condition[];
}

export interface AttackOutcome {
  attacker: string;
  weapon: Weapon;
  test: PercentileTestResult;
  range: Range | null;
  outOfRange: boolean;
  calledShot: boolean;
  /** Null on a miss. */
  hit: HitResult | null;
  target: AttackTargetOutcome | null;
  eventId: number;
}

export interface PeriodicOutcome {
  protagonist: { id: string; name: string };
  rolls: { effect: PeriodicEffect; roll: DiceRoll }[];
  change: HpChange;
  conditions: Condition[];
  eventId: number;
}

export function createGearService(
  { store, rng, extensions = NO_EXTENSIONS }: ServiceDeps,
  module: ExtraModule,
) {
  async function wearer(tx: StoreTx, actor: Actor, protagonistId?: string | null) {
    const found = await writeTarget(tx, actor, protagonistId);
    assertExtraOn(module, found.campaign);
    return { ...found, gear: gearOf(found.protagonist) };
  }

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

  return {
    /** A weapon on the sheet: its skill must be one the Protagonist has. */
    async weapon(raw: {
      actor: Actor;
      protagonistId?: string | null;
      name: string;
      skill: string;
      damage: string;
      range: Range;
      type?: (typeof DAMAGE_TYPES)[number];
    }): Promise<GearOutcome> {
      const input = parseInput(weaponInput, raw);
      const harm = harmOf(input.damage);
      return store.transaction(async (tx) => {
        const { campaign, protagonist, gear } = await wearer(tx, input.actor, input.protagonistId);
        assertNewItem(gear, input.name, protagonist.name);
        if (gear.weapons.length >= MAX_WEAPONS) {
          throw new ExtraRefusal(GEAR_ID, "too-many-weapons", { max: MAX_WEAPONS });
        }
        const skill = findSkill(protagonist, input.skill);
        const weapon: Weapon = {
          name: input.name,
          skill: skill.name,
          harm,
          range: input.range,
          type: input.type,
        };
        return equip(
          tx,
          input.actor,
          campaign,
          protagonist,
          { ...gear, weapons: [...gear.weapons, weapon] },
          { item: weapon.name, kind: "weapon", action: "add" },
        );
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
      return store.transaction(async (tx) => {
        const { campaign, protagonist, gear } = await wearer(tx, input.actor, input.protagonistId);
        assertNewItem(gear, input.name, protagonist.name);
        if (gear.armour.length >= MAX_ARMOUR) {
          throw new ExtraRefusal(GEAR_ID, "too-much-armour", { max: MAX_ARMOUR });
        }
        const piece = {
          name: input.name,
          protection: input.protection,
          fragile: input.fragile,
          heavy: input.heavy,
        };
        return equip(
          tx,
          input.actor,
          campaign,
          protagonist,
          { ...gear, armour: [...gear.armour, piece] },
          { item: piece.name, kind: "armour", action: "add" },
        );
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

    /**
     * An attack: the weapon's skill tested (hard beyond its range), then on a hit its damage
     * (module rules), and when the target is a Protagonist its armour and HP.
     */
    async attack(raw: {
      actor: Actor;
      protagonistId?: string | null;
      weapon: string;
      targetId?: string | null;
      range?: Range | null;
      modifier?: number;
      calledShot?: boolean;
    }): Promise<AttackOutcome> {
      const input = parseInput(attackInput, raw);
      const { actor } = input;
      return store.transaction(async (tx) => {
        const {
          campaign,
          protagonist: attacker,
          gear,
        } = await wearer(tx, actor, input.protagonistId);
        const weapon = named(gear.weapons, input.weapon);
        if (!weapon) {
          throw new ExtraRefusal(GEAR_ID, "no-such-weapon", {
            weapon: input.weapon,
            protagonist: attacker.name,
          });
        }
        const defender = input.targetId ? await readTarget(tx, actor, input.targetId) : null;
        if (defender) {
          if (defender.protagonist.id === attacker.id) {
            throw new ExtraRefusal(GEAR_ID, "attack-yourself", { protagonist: attacker.name });
          }
          if (defender.campaign.id !== campaign.id || defender.protagonist.status !== "active") {
            throw new ExtraRefusal(GEAR_ID, "target-out-of-play", {
              target: defender.protagonist.name,
            });
          }
        }
        const far = input.range ? outOfRange(weapon, input.range) : false;
        const { test, after: marked } = openSkillTest(
          {
            protagonist: attacker,
            skill: findSkill(attacker, weapon.skill),
            modifier: input.modifier + (far ? OUT_OF_RANGE_MODIFIER : 0),
            campaign,
            roller: { userId: actor.userId, gm: await isGm(tx, actor, campaign.id) },
            extensions,
          },
          rng,
        );
        const attackerAfter = marked ?? attacker;
        const targetBefore = defender?.protagonist ?? null;
        const targetGear = targetBefore ? gearOf(targetBefore) : null;
        const hit = test.success
          ? resolveHit(
              {
                weapon,
                critical: test.critical,
                damageBonus: damageBonus(attacker.stats.STR),
                target: { armour: targetGear ? totalProtection(targetGear.armour) : 0 },
                calledShot: input.calledShot,
              },
              rng,
            )
          : null;
        const struck =
          targetBefore && targetGear && hit ? wound(targetBefore, targetGear, hit) : null;
        // A wound goes past the modules as any loss of HP does.
        const targetAfter =
          targetBefore && struck
            ? extensions.afterLoss({
                campaign,
                pool: "HP",
                lost: -struck.change.applied,
                corrupting: false,
                before: targetBefore,
                after: struck.after,
              })
            : targetBefore;
        await tx.protagonists.write(attacker, attackerAfter);
        if (targetBefore && targetAfter) await tx.protagonists.write(targetBefore, targetAfter);
        const damage = hit?.damage?.total ?? null;
        const payload = GEAR_EVENTS.attack.payload.parse({
          attacker: attacker.name,
          weapon: weapon.name,
          target: targetBefore?.name ?? null,
          roll: test.roll.value,
          targetNumber: test.target,
          outcome: test.outcome,
          damage,
          lethal: hit?.kind === "lethality" && hit.lethality.lethal,
          critical: hit?.kind === "dice" ? (hit.critical?.code ?? null) : null,
        });
        const eventId = await tx.events.append({
          guildId: actor.guildId,
          campaignId: campaign.id,
          actorId: actor.userId,
          sessionNumber: campaign.sessionNumber,
          kind: GEAR_EVENTS.attack.kind,
          payloadVersion: GEAR_EVENTS.attack.version,
          payload,
          input: payload,
          dice: { test, hit },
          changes: [
            ...changesOf(attacker, attackerAfter),
            ...(targetBefore && targetAfter ? changesOf(targetBefore, targetAfter) : []),
          ],
          concerns: [attacker.id, ...(targetBefore ? [targetBefore.id] : [])],
        });
        return {
          attacker: attacker.name,
          weapon,
          test,
          range: input.range ?? null,
          outOfRange: far,
          calledShot: input.calledShot,
          hit,
          target:
            targetBefore && struck
              ? {
                  name: targetBefore.name,
                  change: struck.change,
                  wornArmour: struck.wornArmour,
                  periodic: struck.periodic,
                  conditions: newConditions(targetBefore, targetAfter ?? struck.after),
                }
              : null,
          eventId,
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

/** The target after a hit: HP (a lethal hit takes it all), worn armour, a periodic wound. */
function wound(target: ProtagonistSnapshot, gear: Gear, hit: HitResult) {
  const lethal = hit.kind === "lethality" && hit.lethality.lethal;
  const damage = lethal ? target.hp : (hit.damage?.total ?? 0);
  const change = applyHpChange(target.hp, target.hpMax, -damage);
  const armour = hit.armourWorn ? afterCriticalHit(gear.armour) : gear.armour;
  const wornArmour = gear.armour
    .filter((piece, i) => piece.protection !== armour[i]?.protection)
    .map((piece) => piece.name);
  const periodic =
    hit.kind === "dice" && hit.critical?.code === "periodic" ? hit.critical.effect : null;
  const wounds =
    periodic && gear.periodic.length < MAX_PERIODIC ? [...gear.periodic, periodic] : gear.periodic;
  const after = withGear(withHp(target, change), { ...gear, armour, periodic: wounds });
  return { after, change, wornArmour, periodic: periodic?.name ?? null };
}

export type GearService = ReturnType<typeof createGearService>;
