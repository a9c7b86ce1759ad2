/** How a test roll is answered, from `/roll` or from a sheet's menus: the same rules, event and words. */
import type { BaseInteraction } from "discord.js";
import type { Actor } from "../../src/core/access/actor.js";
import type { Reply } from "../../src/core/discord/reply.js";
import type { BuiltEmbed } from "../../src/core/discord/format.js";
import type { Logger } from "../../src/core/logger.js";
import type { BotServices } from "../../src/games/cthulhu-eternal/game.js";
import { opposedEmbed } from "../../src/games/cthulhu-eternal/presentation/opposed-embed.js";
import {
  gmCopyFailed,
  postToGmChannel,
  secretRollDestination,
} from "../../src/games/cthulhu-eternal/presentation/secret-roll.js";
import { percentileEmbed } from "../../src/games/cthulhu-eternal/presentation/test-embed.js";
import type { PercentileTestResult } from "../../src/games/cthulhu-eternal/rules/percentile.js";
import type {
  OpposedRoll,
  TestSubject,
  VersusInput,
} from "../../src/games/cthulhu-eternal/services/roll-service.js";

/** Tests of a Protagonist's sheet; Luck and plain targets belong to no Protagonist. */
const TESTS_OF_PROTAGONIST: ReadonlySet<TestSubject["kind"]> = new Set(["skill", "stat"]);

export interface TestRollInput {
  readonly subject: TestSubject;
  readonly modifier: number;
  readonly protagonistId: string | null;
  readonly secret: boolean;
  readonly versus?: VersusInput | null;
  readonly opponent?: string | null;
}

interface AnswerContext {
  readonly reply: Reply;
  readonly services: BotServices;
  readonly log: Logger;
}

/** Rolls the test through the roll service (logged, undoable) and answers with its embed. */
export async function answerTestRoll(
  interaction: BaseInteraction,
  { reply, services, log }: AnswerContext,
  actor: Actor,
  input: TestRollInput,
): Promise<void> {
  // A test of a named Protagonist is rolled in that Protagonist's campaign.
  const testedId = TESTS_OF_PROTAGONIST.has(input.subject.kind) ? input.protagonistId : null;
  const destination = input.secret ? await secretRollDestination(services, actor, testedId) : null;
  const result = await services.rolls.rollTest({
    actor,
    subject: input.subject,
    modifier: input.modifier,
    protagonistId: input.protagonistId,
    secret: input.secret,
    versus: input.versus ?? null,
    opponent: input.opponent ?? null,
  });
  const label = result.test.label ?? "Test";
  const embed = testEmbed({
    ...result,
    label,
    who: result.protagonist?.name ?? null,
    roller: interaction.user.displayName,
    notes: result.marked ? [`Failure mark ticked on ${label}: it may improve at session end.`] : [],
  });
  await sendRoll(interaction, { reply, log }, actor, embed, destination?.gmChannelId, input.secret);
}

/**
 * Answers with a roll's embed; a secret one privately, with its copy in the GM channel. The roll
 * is logged already: whatever happens to the GM's copy, the roller gets it.
 */
export async function sendRoll(
  interaction: BaseInteraction,
  { reply, log }: Pick<AnswerContext, "reply" | "log">,
  actor: Actor,
  embed: BuiltEmbed,
  gmChannelId: string | null | undefined,
  secret: boolean,
): Promise<void> {
  const warning = gmChannelId
    ? await postToGmChannel(interaction, gmChannelId, actor, embed).catch((error: unknown) => {
        log.warn({ err: error, gmChannelId }, "could not post a secret roll's copy");
        return gmCopyFailed;
      })
    : undefined;
  if (warning !== undefined && warning !== gmCopyFailed) {
    log.info({ gmChannelId, warning }, "secret roll's copy not posted");
  }
  await reply.send({
    embeds: [embed],
    ephemeral: secret,
    ...(warning === undefined ? {} : { content: warning }),
  });
}

/** A plain test's embed, or an opposed one's when it had another side. */
export function testEmbed(options: {
  test: PercentileTestResult;
  opposed: OpposedRoll | null;
  label: string;
  who?: string | null;
  roller: string;
  notes?: readonly string[];
}): BuiltEmbed {
  const { opposed, ...test } = options;
  if (!opposed) return percentileEmbed(test);
  return opposedEmbed({
    ...test,
    versus: opposed.test,
    versusLabel: opposed.test.label ?? null,
    result: opposed.result,
  });
}
