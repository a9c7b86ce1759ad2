import { EmbedBuilder } from "discord.js";
import { EMBED_LIMITS, truncate, userText } from "../../../core/discord/format.js";
import { OUTCOME_LABEL } from "../rules/percentile.js";
import type { WillTestOutcome } from "../services/logged-tests.js";
import { untoldNews } from "./conditions.js";
import { pointsLine } from "./harm-embeds.js";
import { GROUP_NAME_MAX } from "./sanity.js";
import { OUTCOME_ICON } from "./percentile-format.js";
import { conditionLines, rollText } from "./test-embed.js";

const WILL_COLOUR = 0x2c3e50;
const PANIC_COLOUR = 0xc0392b;
/** Title, description and footer stay within the frame a group embed is given. */
const TITLE_MAX = 120;

/** One field per will test: the roll, the WP it cost, panic and what the loss caused. */
export function willTestsEmbed(
  tests: readonly WillTestOutcome[],
  /** The most a field's text may take, so the message stays within Discord's total. */
  perField: number = EMBED_LIMITS.fieldValue,
): EmbedBuilder {
  const first = tests[0];
  const notations = [...new Set(tests.map((t) => t.result.notation))].join(", ");
  const panicked = tests.filter((t) => t.result.panicked).length;
  return new EmbedBuilder()
    .setColor(panicked ? PANIC_COLOUR : WILL_COLOUR)
    .setTitle(truncate(`🫨 Will tests — POW × 5, WP lost on a failure: ${notations}`, TITLE_MAX))
    .setDescription(
      [
        ...(first?.source ? [`Facing: ${userText(first.source, 200)}`] : []),
        ...(panicked ? [`😱 ${panicked} panicked: the GM narrates their flight or freeze.`] : []),
      ].join("\n") || null,
    )
    .addFields(
      tests.slice(0, EMBED_LIMITS.fields).map((t) => ({
        name: truncate(
          `${OUTCOME_ICON[t.result.test.outcome]} ${OUTCOME_LABEL[t.result.test.outcome]} — ${userText(t.protagonist.name)}`,
          GROUP_NAME_MAX,
        ),
        value: truncate(willLines(t), Math.min(perField, EMBED_LIMITS.fieldValue)),
      })),
    )
    .setFooter({
      text: truncate(`Will tests #${tests.map((t) => t.eventId).join(", #")}`, 200),
    });
}

function willLines({ protagonist, result, conditions }: WillTestOutcome): string {
  return [
    `${rollText(result.test)} vs ${result.test.target}`,
    ...conditionLines(result.test.conditions),
    result.lossRoll
      ? `Lost ${result.lost} WP (${result.lossRoll.expression}: ${result.lossRoll.total}) · WP ${pointsLine(result.change)}`
      : "No WP lost",
    ...(result.panicked ? [`😱 **${userText(protagonist.name)} panics**`] : []),
    ...untoldNews(protagonist.name, conditions, []),
  ].join("\n");
}
