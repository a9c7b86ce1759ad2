import { ButtonStyle, ModalBuilder, TextInputStyle } from "discord.js";
import type { SanityEvent } from "../rules/sanity/index.js";
import type { BrokenBondPrompt, BrokenBondRef } from "../services/broken-bond-test.js";
import { customId } from "../../../core/discord/custom-id.js";
import { truncate } from "../../../core/discord/format.js";
import { button, buttonRow, type ButtonRow } from "./sanity-components.js";

/**
 * A broken (or destroyed) Bond "is likely to trigger a Sanity test due to Helplessness" (seed
 * 000): the answer that breaks one offers the GM a button that runs it, with the loss the GM
 * picks in a small form. The components route to the /bond command module.
 */
export const BROKEN_BOND_COMMAND = "bond";
export const BROKEN_BOND_ACTIONS = {
  /** Button (GM): open the form. Args: the breaking event's id, the Bond's id. */
  test: "helpless",
  /** Form: the loss and what happened; rolls the test. Same args. */
  form: "helpless-form",
} as const;

/** Discord holds five buttons a row. */
const BUTTONS_PER_ROW = 5;

export interface BrokenBondChoice {
  id: string;
  name: string;
}

/** The Bonds a SAN result broke (projection, repression, adaptation), each once. */
export function brokenBondsOf(events: readonly SanityEvent[]): BrokenBondChoice[] {
  const broken = new Map<string, string>();
  for (const event of events) {
    if (event.type === "bond-broken") broken.set(event.bondId, event.bondName);
  }
  return [...broken].map(([id, name]) => ({ id, name }));
}

/** One "Helplessness SAN test" button per Bond the change broke; none when it broke none. */
export function brokenBondRows(eventId: number, bonds: readonly BrokenBondChoice[]): ButtonRow[] {
  if (bonds.length === 0) return [];
  const buttons = bonds
    .slice(0, BUTTONS_PER_ROW)
    .map((bond) =>
      button(
        customId(BROKEN_BOND_COMMAND, BROKEN_BOND_ACTIONS.test, eventId, bond.id),
        truncate(
          bonds.length === 1 ? "Helplessness SAN test (GM)" : `Helplessness SAN test: ${bond.name}`,
          80,
        ),
        ButtonStyle.Secondary,
        "💔",
      ),
    );
  return [buttonRow(...buttons)];
}

export const BROKEN_BOND_FIELDS = { loss: "loss", source: "source" } as const;

/** The GM's form: the loss (the campaign's default filled in) and what the Protagonist faces. */
export function brokenBondForm(ref: BrokenBondRef, prompt: BrokenBondPrompt): ModalBuilder {
  return new ModalBuilder()
    .setCustomId(customId(BROKEN_BOND_COMMAND, BROKEN_BOND_ACTIONS.form, ref.eventId, ref.bondId))
    .setTitle(truncate(`Helplessness SAN test — ${prompt.protagonist.name}`, 45))
    .addLabelComponents(
      (label) =>
        label
          .setLabel("SAN loss (success/failure)")
          .setDescription("Like 0/1D4 or 1/1D6: the campaign's default is filled in")
          .setTextInputComponent((input) =>
            input
              .setCustomId(BROKEN_BOND_FIELDS.loss)
              .setStyle(TextInputStyle.Short)
              .setMinLength(1)
              .setMaxLength(60)
              .setRequired(true)
              .setValue(prompt.loss),
          ),
      (label) =>
        label.setLabel("What happened").setTextInputComponent((input) =>
          input
            .setCustomId(BROKEN_BOND_FIELDS.source)
            .setStyle(TextInputStyle.Short)
            .setMaxLength(200)
            .setRequired(false)
            .setValue(truncate(`The Bond with ${prompt.bond.name} broke`, 200)),
        ),
    );
}
