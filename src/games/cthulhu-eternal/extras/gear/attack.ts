import { z } from "zod";
import { actorSchema, type Actor } from "../../../../core/access/actor.js";
import { newConditions, type Condition } from "../../rules/conditions.js";
import { damageBonus } from "../../rules/derived.js";
import { applyHpChange, type HpChange } from "../../rules/harm.js";
import type { PercentileTestResult } from "../../rules/percentile.js";
import { isGm } from "../../services/campaign-access.js";
import type { ServiceDeps } from "../../services/deps.js";
import { writeModuleData } from "../../services/campaign-module-data.js";
import {
  NO_EXTENSIONS,
  type OpponentDefence,
  type OpponentWound,
} from "../../services/extension-points.js";
import { withHp } from "../../services/harm-service.js";
import { findSkill } from "../../services/lookups.js";
import { changesOf, readTarget } from "../../services/protagonist-target.js";
import { openSkillTest } from "../../services/skill-test.js";
import type { ProtagonistSnapshot } from "../../services/snapshot.js";
import { displayName, parseInput, recordId } from "../../services/validation.js";
import { ExtraRefusal, type ExtraModule } from "../module.js";
import { GEAR_EVENTS } from "./events.js";
import {
  afterCriticalHit,
  OUT_OF_RANGE_MODIFIER,
  outOfRange,
  RANGES,
  resolveHit,
  totalProtection,
  type HitResult,
  type Range,
  type Weapon,
} from "./rules.js";
import { armedTarget } from "./target.js";
import { gearOf, GEAR_ID, MAX_PERIODIC, named, withGear, type Gear } from "./state.js";
import { logModuleEvent } from "../module-log.js";

const attackInput = z.object({
  actor: actorSchema,
  protagonistId: recordId.nullish(),
  weapon: displayName,
  /** A Protagonist attacked: armour and HP tracked. */
  targetId: recordId.nullish(),
  /** An entity of the bestiary attacked (its module keeps its HP). */
  opponent: displayName.nullish(),
  range: z.enum(RANGES).nullish(),
  modifier: z.number().int().min(-100).max(100).default(0),
  calledShot: z.boolean().default(false),
});

export interface ProtagonistHit {
  kind: "protagonist";
  name: string;
  change: HpChange;
  /** Fragile pieces worn down by a critical hit. */
  wornArmour: string[];
  /** A periodic wound now on the target. */
  periodic: string | null;
  conditions: Condition[];
}

export interface OpponentHit {
  kind: "opponent";
  name: string;
  state: OpponentWound["state"];
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
  /** The target the bot tracks, when there is one and the attack hit. */
  target: ProtagonistHit | OpponentHit | null;
  /** The target is an entity the table has not been shown: the answer is the GM's alone. */
  hidden: boolean;
  eventId: number;
}

/**
 * An attack: the weapon's skill tested (hard beyond its range; an entity's strengths and tags
 * count), then on a hit its damage, and the target's armour and HP: a Protagonist's on the
 * sheet, an entity's through the module that keeps the bestiary.
 */
export function createAttacks(
  { store, rng, extensions = NO_EXTENSIONS }: ServiceDeps,
  module: ExtraModule,
) {
  return {
    async attack(raw: {
      actor: Actor;
      protagonistId?: string | null;
      weapon: string;
      targetId?: string | null;
      opponent?: string | null;
      range?: Range | null;
      modifier?: number;
      calledShot?: boolean;
    }): Promise<AttackOutcome> {
      const input = parseInput(attackInput, raw);
      const { actor } = input;
      if (input.targetId && input.opponent) throw new ExtraRefusal(GEAR_ID, "one-target");
      return store.transaction(async (tx) => {
        const {
          campaign,
          protagonist: attacker,
          gear,
        } = await armedTarget(tx, actor, module, input.protagonistId);
        const weapon = named(gear.weapons, input.weapon);
        if (!weapon) {
          throw new ExtraRefusal(GEAR_ID, "no-such-weapon", {
            weapon: input.weapon,
            protagonist: attacker.name,
          });
        }
        const gm = await isGm(tx, actor, campaign.id);
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
        const opponent = input.opponent ? { campaign, name: input.opponent, gm } : null;
        const defence: OpponentDefence | null = opponent
          ? extensions.opponentDefence(opponent)
          : null;
        const far = input.range ? outOfRange(weapon, input.range) : false;
        const { test, after: marked } = openSkillTest(
          {
            protagonist: attacker,
            skill: findSkill(attacker, weapon.skill),
            modifier: input.modifier + (far ? OUT_OF_RANGE_MODIFIER : 0),
            opponentConditions: opponent
              ? extensions.opponentConditions({
                  ...opponent,
                  test: { kind: "skill", skill: weapon.skill },
                })
              : [],
            campaign,
            roller: { userId: actor.userId, gm },
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
                target: defence ?? {
                  armour: targetGear ? totalProtection(targetGear.armour) : 0,
                },
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
        const opponentAfter =
          opponent && hit
            ? extensions.woundOpponent(opponent, {
                points: hit.dealt ?? 0,
                lethal: hit.dealt === null,
              })
            : null;
        const opponentChange = opponentAfter
          ? await writeModuleData(tx, campaign, opponentAfter.moduleId, opponentAfter.data)
          : null;
        await tx.protagonists.write(attacker, attackerAfter);
        if (targetBefore && targetAfter) await tx.protagonists.write(targetBefore, targetAfter);
        const hidden = defence?.hidden ?? false;
        const eventId = await logModuleEvent(tx, actor, campaign, {
          kind: GEAR_EVENTS.attack,
          payload: {
            attacker: attacker.name,
            weapon: weapon.name,
            target: targetBefore?.name ?? defence?.name ?? null,
            roll: test.roll.value,
            targetNumber: test.target,
            outcome: test.outcome,
            damage: hit?.dealt ?? null,
            lethal: hit !== null && hit.dealt === null,
            critical: hit?.kind === "dice" ? (hit.critical?.code ?? null) : null,
          },
          dice: { test, hit },
          changes: [
            ...changesOf(attacker, attackerAfter),
            ...(targetBefore && targetAfter ? changesOf(targetBefore, targetAfter) : []),
          ],
          concerns: [attacker.id, ...(targetBefore ? [targetBefore.id] : [])],
          ...(opponentChange ? { campaignData: [opponentChange] } : {}),
          // A hidden entity's name is for the GMs alone.
          ...(hidden ? { visibility: "gms" as const } : {}),
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
                  kind: "protagonist",
                  name: targetBefore.name,
                  change: struck.change,
                  wornArmour: struck.wornArmour,
                  periodic: struck.periodic,
                  conditions: newConditions(targetBefore, targetAfter ?? struck.after),
                }
              : opponentAfter
                ? { kind: "opponent", name: opponentAfter.name, state: opponentAfter.state }
                : null,
          hidden,
          eventId,
        };
      });
    },
  };
}

/** The target after a hit: HP (a lethal hit takes it all), worn armour, a periodic wound. */
export function wound(target: ProtagonistSnapshot, gear: Gear, hit: HitResult) {
  const damage = hit.dealt ?? target.hp;
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
