import {
  ActionRowBuilder,
  StringSelectMenuBuilder,
  type AnySelectMenuInteraction,
  type ChatInputCommandInteraction,
} from "discord.js";
import { actorFrom } from "../../src/bot/actor.js";
import type { ComponentContext, HandlerContext } from "../../src/bot/command.js";
import { customId } from "../../src/bot/custom-id.js";
import { truncate } from "../../src/bot/format.js";
import {
  adversityChoiceEmbed,
  adversityResultEmbed,
  adversityTestEmbed,
} from "../../src/bot/presentation/adversity.js";
import type { ReplyMessage } from "../../src/bot/reply.js";
import { UserError } from "../../src/bot/user-facing-error.js";
import {
  MAX_SHARED_ADVERSITY_FELLOWS,
  type PlannedSharedAdversityStep,
} from "../../src/rules/shared-adversity.js";
import type { Actor } from "../../src/services/actor.js";
import type { PendingSharedAdversity } from "../../src/services/shared-adversity-choices.js";
import type { BotServices } from "../../src/bot/services.js";
import { COMMAND_NAME, SURVIVOR_OPTIONS } from "./definition.js";

export const ADVERSITY_CHOICE_ACTION = "adv";

/** A select menu lists at most 25 options. */
const MAX_OPTIONS = 25;
const MAX_SURVIVORS = MAX_SHARED_ADVERSITY_FELLOWS + 1;

/** The fellows that need a Bond chosen, in the order the rules handle them. */
function choiceSteps(pending: PendingSharedAdversity): PlannedSharedAdversityStep[] {
  return pending.plan.steps.filter((step) => step.choiceRequired);
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
function parseChosen(text: string | undefined): number[] {
  if (!text) return [];
  return text.split(".").map(Number).filter(Number.isInteger);
}

/** The message asking for the next fellow's Bond, with what was chosen so far. */
function choicePrompt(
  pending: PendingSharedAdversity,
  chosen: readonly number[],
  note?: string,
): ReplyMessage {
  const steps = choiceSteps(pending);
  const chosenNames = chosen.map(
    (position, index) => steps[index]?.eligibleToWeaken[position]?.name ?? "?",
  );
  const embed = adversityChoiceEmbed(
    { ...pending, plan: { ...pending.plan, steps } },
    chosenNames,
    note,
  );
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
    content: `<@${pending.protagonist.ownerId}>`,
    embeds: [embed],
    components: [new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(menu)],
  };
}

async function survivorIds(
  interaction: ChatInputCommandInteraction,
  services: BotServices,
  actor: Actor,
): Promise<string[]> {
  const named = SURVIVOR_OPTIONS.map((name) => interaction.options.getString(name)).filter(
    (id): id is string => id !== null,
  );
  const everyone = interaction.options.getBoolean("all")
    ? (await services.protagonists.list({ actor })).map((p) => p.id)
    : [];
  const ids = [...new Set([...everyone, ...named])];
  if (ids.length < 2) {
    throw new UserError(
      "Shared adversity needs at least two survivors: pick them with `survivor1`, `survivor2`… or use `all:True`.",
    );
  }
  if (ids.length > MAX_SURVIVORS) {
    throw new UserError(
      `Bonds form with at most ${MAX_SHARED_ADVERSITY_FELLOWS} fellows, so at most ${MAX_SURVIVORS} survivors: pick them with \`survivor1\`…\`survivor${MAX_SURVIVORS}\` instead of \`all\`.`,
    );
  }
  return ids;
}

/**
 * GM: every survivor rolls a SAN test. Each one who failed gets a message whose menu asks, fellow
 * by fellow, which Bond pays; survivors with no Bond left to weaken are applied at once.
 */
export async function sharedAdversity(
  interaction: ChatInputCommandInteraction,
  { reply, services }: HandlerContext,
): Promise<void> {
  const actor = actorFrom(interaction);
  const outcomes = await services.downtime.sharedAdversityTest({
    actor,
    survivorIds: await survivorIds(interaction, services, actor),
  });
  await reply.send({ embeds: [adversityTestEmbed(outcomes)] });
  for (const outcome of outcomes) {
    if (!outcome.plan.applies) continue;
    const pending: PendingSharedAdversity = {
      testEventId: outcome.eventId,
      protagonist: outcome.protagonist,
      test: outcome.test,
      plan: outcome.plan,
      resuming: false,
    };
    if (choiceSteps(pending).length) {
      await reply.send(choicePrompt(pending, []));
      continue;
    }
    const { result } = await services.downtime.applySharedAdversity({
      actor,
      testEventId: outcome.eventId,
    });
    await reply.send({ embeds: [adversityResultEmbed(outcome.protagonist.name, result)] });
  }
}

/** One fellow's Bond chosen: ask for the next, or apply them all once every fellow has one. */
export async function chooseAdversityBond(
  interaction: AnySelectMenuInteraction,
  { reply, services, args }: ComponentContext,
): Promise<void> {
  const [eventArg, fingerprint, chosenArg] = args;
  const testEventId = Number(eventArg);
  const actor = actorFrom(interaction);
  // Also checks that this is the survivor's player or a GM, and that nothing was applied yet.
  const pending = await services.downtime.pendingSharedAdversity({ actor, testEventId });
  const steps = choiceSteps(pending);
  if (choicesFingerprint(steps) !== fingerprint) {
    await reply.edit(
      choicePrompt(pending, [], "The Bonds changed since this menu was made: choose again."),
    );
    return;
  }
  const chosen = [...parseChosen(chosenArg), Number(interaction.values[0])];
  const picks = steps.slice(0, chosen.length).map((step, index) => {
    const bond = step.eligibleToWeaken[chosen[index] ?? -1];
    if (!bond) throw new UserError("That Bond is not on offer any more: pick one from the menu.");
    return [step.fellow.id, bond.id] as const;
  });
  if (chosen.length < steps.length) {
    await reply.edit(choicePrompt(pending, chosen));
    return;
  }
  const { result } = await services.downtime.applySharedAdversity({
    actor,
    testEventId,
    choices: Object.fromEntries(picks),
  });
  const done = adversityResultEmbed(pending.protagonist.name, result);
  if (result.status !== "needs-choice") {
    await reply.edit({ embeds: [done], components: [] });
    return;
  }
  const next = choicePrompt(
    await services.downtime.pendingSharedAdversity({ actor, testEventId }),
    [],
  );
  await reply.edit({ ...next, embeds: [done, ...(next.embeds ?? [])] });
}
