/** The GM's Helplessness SAN test for a broken Bond: the button under the answer, then its form. */
import type { ButtonInteraction, ModalSubmitInteraction } from "discord.js";
import { actorFrom } from "../../../src/core/discord/actor.js";
import type { ComponentContext } from "../../../src/games/cthulhu-eternal/command.js";
import {
  BROKEN_BOND_FIELDS,
  brokenBondForm,
  brokenBondRows,
  brokenBondsOf,
} from "../../../src/games/cthulhu-eternal/presentation/broken-bond.js";
import { sanTestEmbed } from "../../../src/games/cthulhu-eternal/presentation/sanity.js";
import { sanResultRows } from "../../../src/games/cthulhu-eternal/presentation/sanity-components.js";
import { UserError } from "../../../src/core/discord/user-facing-error.js";
import type { BrokenBondRef } from "../../../src/games/cthulhu-eternal/services/broken-bond-test.js";
import { isServiceError } from "../../../src/games/cthulhu-eternal/services/index.js";

const OUT_OF_DATE = "This button is out of date.";

function refOf(args: readonly string[]): BrokenBondRef {
  const [eventText = "", bondId = ""] = args;
  const eventId = Number(eventText);
  if (!Number.isSafeInteger(eventId) || eventId <= 0 || bondId === "") {
    throw new UserError(OUT_OF_DATE);
  }
  return { eventId, bondId };
}

/** A player pressing the GM's button is told who may, privately. */
function gmOnly(error: unknown): never {
  if (isServiceError(error) && error.kind === "forbidden") {
    throw new UserError(
      "Only a GM (the campaign's GMs, or anyone with Manage Server) calls for this Helplessness SAN test: ask your GM to press it.",
    );
  }
  throw error;
}

export async function brokenBondPressed(
  interaction: ButtonInteraction,
  { reply, services, args }: ComponentContext,
): Promise<void> {
  const brokenBond = refOf(args);
  const prompt = await services.sanity
    .brokenBondPrompt({ actor: actorFrom(interaction), brokenBond })
    .catch(gmOnly);
  await reply.showModal(brokenBondForm(brokenBond, prompt));
}

export async function brokenBondSubmitted(
  interaction: ModalSubmitInteraction,
  { reply, services, args }: ComponentContext,
): Promise<void> {
  const brokenBond = refOf(args);
  const source = interaction.fields.getTextInputValue(BROKEN_BOND_FIELDS.source).trim();
  const [outcome] = await services.sanity
    .sanTest({
      actor: actorFrom(interaction),
      loss: interaction.fields.getTextInputValue(BROKEN_BOND_FIELDS.loss),
      threat: "helplessness",
      source: source === "" ? null : source,
      brokenBond,
    })
    .catch(gmOnly);
  if (!outcome) throw new Error("the SAN test returned no outcome");
  const { result, eventId } = outcome;
  await reply.send({
    embeds: [
      sanTestEmbed({
        who: outcome.protagonist.name,
        result,
        roller: interaction.user.displayName,
        eventId,
        conditions: outcome.conditions,
      }),
    ],
    components: [
      ...sanResultRows({
        eventId,
        projectable: result.projectable,
        temporaryInsanity: result.temporaryInsanity,
      }),
      ...brokenBondRows(eventId, brokenBondsOf(result.events)),
    ],
    ephemeral: false,
  });
}
