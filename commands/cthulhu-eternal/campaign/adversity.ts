import type { AnySelectMenuInteraction, ChatInputCommandInteraction } from "discord.js";
import { actorFrom } from "../../../src/core/discord/actor.js";
import type {
  ComponentContext,
  HandlerContext,
} from "../../../src/games/cthulhu-eternal/command.js";
import type { Reply } from "../../../src/core/discord/reply.js";
import {
  adversityResultEmbed,
  adversityTestEmbed,
} from "../../../src/games/cthulhu-eternal/presentation/adversity.js";
import type { BotServices } from "../../../src/games/cthulhu-eternal/game.js";
import { UserError } from "../../../src/core/discord/user-facing-error.js";
import { subjectKey } from "../../../src/games/cthulhu-eternal/rules/bonds.js";
import type { Actor } from "../../../src/core/access/actor.js";
import {
  MAX_ADVERSITY_SURVIVORS,
  MAX_OTHERS_ON_ADVENTURE,
} from "../../../src/games/cthulhu-eternal/services/downtime-service.js";
import type { PendingSharedAdversity } from "../../../src/games/cthulhu-eternal/services/shared-adversity-choices.js";
import {
  choicePrompt,
  choicesFingerprint,
  choiceSteps,
  fellowIdsAt,
  fellowPositions,
  fellowsPrompt,
  nextPrompt,
  parsePositions,
} from "./adversity-menus.js";
import { SURVIVOR_OPTIONS } from "./definition.js";

/** Longest name of someone else on the adventure. */
const OTHER_NAME_MAX = 100;

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
  if (ids.length > MAX_ADVERSITY_SURVIVORS) {
    throw new UserError(
      `Shared adversity takes at most ${MAX_ADVERSITY_SURVIVORS} survivors at once, not ${ids.length}: name them with \`survivor1\`… instead of \`all\`, or run it once per group that was together.`,
    );
  }
  return ids;
}

/** `others:Tom Hollis, Sister Agnes` → the names, each once (letter case and spaces aside). */
export function othersOnAdventure(text: string | null): string[] {
  const names = new Map<string, string>();
  for (const part of (text ?? "").split(/[,;\n]/u)) {
    const name = part.trim().replace(/\s+/gu, " ");
    if (name === "") continue;
    if (name.length > OTHER_NAME_MAX) {
      throw new UserError(
        `Each name in \`others\` is at most ${OTHER_NAME_MAX} characters; separate names with commas.`,
      );
    }
    if (!names.has(subjectKey(name))) names.set(subjectKey(name), name);
  }
  if (names.size > MAX_OTHERS_ON_ADVENTURE) {
    throw new UserError(
      `Name at most ${MAX_OTHERS_ON_ADVENTURE} others on the adventure, not ${names.size}.`,
    );
  }
  return [...names.values()];
}

/**
 * GM: every survivor rolls a SAN test. Each one who failed gets a message whose menu asks for the
 * five fellows to bond with (when more made it back), then, fellow by fellow, which Bond pays;
 * survivors with nothing to choose are applied at once.
 */
export async function sharedAdversity(
  interaction: ChatInputCommandInteraction,
  { reply, services }: HandlerContext,
): Promise<void> {
  const actor = actorFrom(interaction);
  const others = othersOnAdventure(interaction.options.getString("others"));
  const outcomes = await services.downtime.sharedAdversityTest({
    actor,
    survivorIds: await survivorIds(interaction, services, actor),
    othersOnAdventure: others,
  });
  await reply.send({ embeds: [adversityTestEmbed(outcomes, others)] });
  for (const outcome of outcomes) {
    if (outcome.test.success || outcome.refusal !== null) continue;
    const pending: PendingSharedAdversity = {
      testEventId: outcome.eventId,
      protagonist: outcome.protagonist,
      test: outcome.test,
      candidates: outcome.fellows,
      toChoose: outcome.toChoose,
      plan: outcome.plan,
      resuming: false,
    };
    if (pending.toChoose > 0 || choiceSteps(pending).length > 0) {
      await reply.send(nextPrompt(pending, ""));
      continue;
    }
    const { result } = await services.downtime.applySharedAdversity({
      actor,
      testEventId: outcome.eventId,
    });
    await reply.send({ embeds: [adversityResultEmbed(outcome.protagonist.name, result)] });
  }
}

/** Applies the choices made, and shows what is still to choose if a chosen Bond broke. */
async function apply(
  reply: Reply,
  services: BotServices,
  actor: Actor,
  pending: PendingSharedAdversity,
  request: { fellowIds?: string[]; choices?: Record<string, string> },
): Promise<void> {
  const { testEventId } = pending;
  const { result } = await services.downtime.applySharedAdversity({
    actor,
    testEventId,
    ...request,
  });
  const done = adversityResultEmbed(pending.protagonist.name, result);
  if (result.status !== "needs-choice") {
    await reply.edit({ embeds: [done], components: [] });
    return;
  }
  const next = choicePrompt(
    await services.downtime.pendingSharedAdversity({ actor, testEventId }),
    [],
    "",
  );
  await reply.edit({ ...next, embeds: [done, ...(next.embeds ?? [])] });
}

/** The five fellows chosen: ask for the Bonds that pay, or apply at once when none can. */
export async function chooseAdversityFellows(
  interaction: AnySelectMenuInteraction,
  { reply, services, args }: ComponentContext,
): Promise<void> {
  const testEventId = Number(args[0]);
  const actor = actorFrom(interaction);
  // Also checks that this is the survivor's player or a GM, and that nothing was applied yet.
  const offered = await services.downtime.pendingSharedAdversity({ actor, testEventId });
  const fellowIds = fellowIdsAt(offered, interaction.values.map(Number));
  if (offered.toChoose === 0 || fellowIds === undefined) {
    await reply.edit(
      nextPrompt(offered, "", "That choice of fellows is out of date: choose again."),
    );
    return;
  }
  const pending = await services.downtime.pendingSharedAdversity({ actor, testEventId, fellowIds });
  if (choiceSteps(pending).length > 0) {
    await reply.edit(choicePrompt(pending, [], fellowPositions(offered, fellowIds)));
    return;
  }
  await apply(reply, services, actor, pending, { fellowIds });
}

/** One fellow's Bond chosen: ask for the next, or apply them all once every fellow has one. */
export async function chooseAdversityBond(
  interaction: AnySelectMenuInteraction,
  { reply, services, args }: ComponentContext,
): Promise<void> {
  const [eventArg, fingerprint, chosenArg, fellowsArg = ""] = args;
  const testEventId = Number(eventArg);
  const actor = actorFrom(interaction);
  // Also checks that this is the survivor's player or a GM, and that nothing was applied yet.
  const offered = await services.downtime.pendingSharedAdversity({ actor, testEventId });
  let pending = offered;
  let fellowIds: string[] | undefined;
  if (offered.toChoose > 0) {
    fellowIds = fellowIdsAt(offered, parsePositions(fellowsArg));
    if (fellowIds === undefined) {
      await reply.edit(fellowsPrompt(offered, "Choose the fellows to bond with again."));
      return;
    }
    pending = await services.downtime.pendingSharedAdversity({ actor, testEventId, fellowIds });
  }
  const steps = choiceSteps(pending);
  if (choicesFingerprint(steps) !== fingerprint) {
    await reply.edit(
      choicePrompt(
        pending,
        [],
        fellowsArg,
        "The Bonds changed since this menu was made: choose again.",
      ),
    );
    return;
  }
  const chosen = [...parsePositions(chosenArg), Number(interaction.values[0])];
  const picks = steps.slice(0, chosen.length).map((step, index) => {
    const bond = step.eligibleToWeaken[chosen[index] ?? -1];
    if (!bond) throw new UserError("That Bond is not on offer any more: pick one from the menu.");
    return [step.fellow.id, bond.id] as const;
  });
  if (chosen.length < steps.length) {
    await reply.edit(choicePrompt(pending, chosen, fellowsArg));
    return;
  }
  await apply(reply, services, actor, pending, {
    ...(fellowIds === undefined ? {} : { fellowIds }),
    choices: Object.fromEntries(picks),
  });
}
