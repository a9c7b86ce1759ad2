import { ActionRowBuilder, ButtonBuilder, ButtonStyle } from "discord.js";
import { customId } from "../../../core/discord/custom-id.js";
import { userText } from "../../../core/discord/format.js";
import type { ReplyMessage } from "../../../core/discord/reply.js";

/** What a sheet's menu picked to roll: a skill (by id), a stat, or Luck. */
export type SheetRollSubject =
  | {
      readonly kind: "skill";
      readonly skillId: string;
      readonly name: string;
      readonly target: number;
    }
  | { readonly kind: "stat"; readonly stat: string; readonly target: number }
  | { readonly kind: "luck"; readonly target: number };

export const SHEET_MODIFIERS = [-40, -20, 0, 20, 40] as const;

/** The custom id's short form of a subject: `k <skill id>`, `s <stat>`, `l -`. */
export function subjectArgs(subject: SheetRollSubject): [string, string] {
  switch (subject.kind) {
    case "skill":
      return ["k", subject.skillId];
    case "stat":
      return ["s", subject.stat];
    case "luck":
      return ["l", "-"];
  }
}

function label(subject: SheetRollSubject): string {
  switch (subject.kind) {
    case "skill":
      return userText(subject.name);
    case "stat":
      return `${subject.stat} × 5`;
    case "luck":
      return "Luck";
  }
}

const modifierLabel = (modifier: number) =>
  modifier === 0 ? "Roll" : modifier > 0 ? `+${modifier}` : `−${-modifier}`;

/**
 * The private panel a sheet's menu opens: a button per modifier (+20 easy, −20 hard, ±40
 * extreme), one row for the table to see and one for a secret roll. Each press rolls at once.
 */
export function sheetRollPanel(
  route: { command: string; action: string },
  protagonist: { id: string; name: string },
  subject: SheetRollSubject,
): ReplyMessage {
  const [kind, ref] = subjectArgs(subject);
  const row = (secret: boolean) =>
    new ActionRowBuilder<ButtonBuilder>().addComponents(
      SHEET_MODIFIERS.map((modifier) =>
        new ButtonBuilder()
          .setCustomId(
            customId(
              route.command,
              route.action,
              protagonist.id,
              kind,
              ref,
              modifier,
              secret ? 1 : 0,
            ),
          )
          .setLabel(secret ? `🔒 ${modifierLabel(modifier)}` : modifierLabel(modifier))
          .setStyle(modifier === 0 ? ButtonStyle.Primary : ButtonStyle.Secondary),
      ),
    );
  return {
    content: `🎲 **${label(subject)}** for **${userText(protagonist.name)}**, ${subject.target}% on the sheet now. Each button rolls at once: the first row for the table, 🔒 secret (you and the GMs).`,
    components: [row(false), row(true)],
    ephemeral: true,
  };
}
