/**
 * The menus a failed shared-adversity survivor's player answers: first (when more than five
 * fellows made it back) the five to bond with, then, fellow by fellow, the Bond that pays. State
 * travels in the custom ids as positions in the offered lists.
 */
import { ActionRowBuilder, StringSelectMenuBuilder } from "discord.js";
import { customId } from "../../../src/core/discord/custom-id.js";
import { truncate } from "../../../src/core/discord/format.js";
import {
  adversityChoiceEmbed,
  adversityFellowsEmbed,
} from "../../../src/games/cthulhu-eternal/presentation/adversity.js";
import type { ReplyMessage } from "../../../src/core/discord/reply.js";
import type { PlannedSharedAdversityStep } from "../../../src/games/cthulhu-eternal/rules/shared-adversity.js";
import type { PendingSharedAdversity } from "../../../src/games/cthulhu-eternal/services/shared-adversity-choices.js";
import { COMMAND_NAME } from "./definition.js";

/** `campaign:adv:<test event>:<fingerprint>:<Bonds chosen>[:<fellows chosen>]`. */
export const ADVERSITY_CHOICE_ACTION = "adv";
/** `campaign:advf:<test event>`: the five fellows to bond with. */
export const ADVERSITY_FELLOWS_ACTION = "advf";

/** A select menu lists at most 25 options. */
const MAX_OPTIONS = 25;

/** The fellows that need a Bond chosen, in the order the rules handle them. */
export function choiceSteps(pending: PendingSharedAdversity): PlannedSharedAdversityStep[] {
  return (pending.plan?.steps ?? []).filter((step) => step.choiceRequired);
}

/**
 * A short fingerprint of the choices offered (fellows and the Bonds each may weaken). Choices
 * travel in the menu's custom id as positions in those lists, so a menu made before the Bonds
 * changed must not be read against the new lists.
 */
export function choicesFingerprint(steps: readonly PlannedSharedAdversityStep[]): string {
  const text = steps
    .map((step) => `${step.fellow.id}=${step.eligibleToWeaken.map((bond) => bond.id).join(",")}`)
    .join(";");
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

/** "0.2" → [0, 2]; anything else in the custom id is dropped. */
export function parsePositions(text: string | undefined): number[] {
  if (!text) return [];
  return text.split(".").map(Number).filter(Number.isInteger);
}

/**
 * The fellows' ids for positions in the test's list, or undefined when they do not name exactly
 * the number to choose (an old or tampered menu): the player is asked again.
 */
export function fellowIdsAt(
  pending: PendingSharedAdversity,
  positions: readonly number[],
): string[] | undefined {
  const ids = [...new Set(positions)].map((position) => pending.candidates[position]?.id);
  if (ids.length !== pending.toChoose || ids.some((id) => id === undefined)) return undefined;
  return ids.filter((id): id is string => id !== undefined);
}

/** The positions of the chosen fellows, for the Bond menus' custom ids ("" when none were chosen). */
export function fellowPositions(pending: PendingSharedAdversity, fellowIds: readonly string[]) {
  const chosen = new Set(fellowIds);
  return pending.candidates
    .flatMap((fellow, position) => (chosen.has(fellow.id) ? [position] : []))
    .join(".");
}

/** The survivor's player is named (never pinged: nothing the bot posts pings anyone). */
function forThePlayer(pending: PendingSharedAdversity): string {
  return `<@${pending.protagonist.ownerId}>`;
}

/** The menu of fellows to bond with, when more than five made it back. */
export function fellowsPrompt(pending: PendingSharedAdversity, note?: string): ReplyMessage {
  const offered = pending.candidates.slice(0, MAX_OPTIONS);
  const menu = new StringSelectMenuBuilder()
    .setCustomId(customId(COMMAND_NAME, ADVERSITY_FELLOWS_ACTION, pending.testEventId))
    .setPlaceholder(
      truncate(`The ${pending.toChoose} fellows ${pending.protagonist.name} bonds with`, 150),
    )
    .setMinValues(pending.toChoose)
    .setMaxValues(pending.toChoose)
    .addOptions(
      offered.map((fellow, position) => ({
        label: truncate(fellow.name, 100),
        value: String(position),
      })),
    );
  return {
    content: forThePlayer(pending),
    embeds: [adversityFellowsEmbed(pending, note)],
    components: [new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(menu)],
  };
}

/** The message asking for the next fellow's Bond, with what was chosen so far. */
export function choicePrompt(
  pending: PendingSharedAdversity,
  chosen: readonly number[],
  fellows: string,
  note?: string,
): ReplyMessage {
  const steps = choiceSteps(pending);
  const chosenNames = chosen.map(
    (position, index) => steps[index]?.eligibleToWeaken[position]?.name ?? "?",
  );
  const embed = adversityChoiceEmbed(pending, steps, chosenNames, note);
  const step = steps[chosen.length];
  if (step === undefined) return { embeds: [embed], components: [] };
  const offered = step.eligibleToWeaken.slice(0, MAX_OPTIONS);
  const menu = new StringSelectMenuBuilder()
    .setCustomId(
      customId(
        COMMAND_NAME,
        ADVERSITY_CHOICE_ACTION,
        pending.testEventId,
        choicesFingerprint(steps),
        chosen.join("."),
        ...(fellows === "" ? [] : [fellows]),
      ),
    )
    .setPlaceholder(
      truncate(`Bond ${pending.protagonist.name} weakens for ${step.fellow.name}`, 150),
    )
    .addOptions(
      offered.map((bond, position) => ({
        label: truncate(bond.name, 100),
        description: `${bond.kind} Bond, ${bond.score}`,
        value: String(position),
      })),
    );
  return {
    content: forThePlayer(pending),
    embeds: [embed],
    components: [new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(menu)],
  };
}

/** What to ask next: the fellows to bond with, else the Bonds that pay. */
export function nextPrompt(
  pending: PendingSharedAdversity,
  fellows: string,
  note?: string,
): ReplyMessage {
  return pending.toChoose > 0
    ? fellowsPrompt(pending, note)
    : choicePrompt(pending, [], fellows, note);
}
