/**
 * Rolling from a posted sheet: its menus open a private panel of modifiers, and each panel button
 * rolls exactly as `/roll` would. Only the Protagonist's player and the campaign's GMs may; each
 * step reads the sheet as it is now, so a press never rolls numbers that have since changed.
 */
import type {
  AnySelectMenuInteraction,
  APIContainerComponent,
  BaseInteraction,
  ButtonInteraction,
} from "discord.js";
import { extraSheetFields } from "../../src/games/cthulhu-eternal/extras/sheet.js";
import type { Actor } from "../../src/core/access/actor.js";
import { actorFrom } from "../../src/core/discord/actor.js";
import { userText } from "../../src/core/discord/format.js";
import { UserError } from "../../src/core/discord/user-facing-error.js";
import type { ComponentContext } from "../../src/games/cthulhu-eternal/command.js";
import { PROTAGONIST_COMMAND } from "../../src/games/cthulhu-eternal/creation/session.js";
import type { BotServices } from "../../src/games/cthulhu-eternal/game.js";
import {
  LUCK_OPTION,
  sheetLayout,
  type SheetRollMenus,
} from "../../src/games/cthulhu-eternal/presentation/sheet-layout.js";
import {
  SHEET_MODIFIERS,
  sheetRollPanel,
  type SheetRollSubject,
} from "../../src/games/cthulhu-eternal/presentation/sheet-roll-panel.js";
import { LUCK_RATING, statTestRating } from "../../src/games/cthulhu-eternal/rules/percentile.js";
import { STAT_NAMES, type StatName } from "../../src/games/cthulhu-eternal/rules/types.js";
import type { ProtagonistView } from "../../src/games/cthulhu-eternal/services/protagonist-queries.js";
import type { TestSubject } from "../../src/games/cthulhu-eternal/services/roll-service.js";
import { answerTestRoll } from "./roll-answer.js";

export const SHEET_MENUS: SheetRollMenus = {
  command: PROTAGONIST_COMMAND,
  skillAction: "sskill",
  statAction: "sstat",
};
/** A panel button: rolls, so the dispatcher spends the roll bucket on it. */
export const SHEET_ROLL_ACTION = "sroll";

/** The sheet's messages as `/protagonist show` posts them: the layout, the Extras on, the menus. */
export async function sheetContainers(
  services: BotServices,
  actor: Actor,
  view: ProtagonistView,
): Promise<APIContainerComponent[]> {
  const extras = await services.extras.inCampaign({
    actor,
    campaignId: view.protagonist.campaignId,
  });
  return sheetLayout(view, extraSheetFields(extras, view.protagonist), SHEET_MENUS);
}

/** The sheet as it is now, if the presser plays it or is a GM of its campaign. */
async function sheetFor(
  interaction: BaseInteraction,
  services: BotServices,
  protagonistId: string,
): Promise<{ actor: Actor; view: ProtagonistView }> {
  const actor = actorFrom(interaction);
  const view = await services.protagonists.get({ actor, protagonistId });
  if (!view.canEdit) {
    throw new UserError(
      `Only **${userText(view.protagonist.name)}**'s player and the campaign's GMs roll from this sheet. Roll your own with \`/roll\`, or \`/protagonist show\` for your sheet.`,
    );
  }
  return { actor, view };
}

const gone = (what: string, name: string) =>
  new UserError(
    `**${userText(name)}** has no ${what} any more: the sheet changed since it was posted. \`/protagonist show\` posts it as it is now.`,
  );

function skillSubject(
  view: ProtagonistView,
  skillId: string,
): Extract<SheetRollSubject, { kind: "skill" }> {
  const skill = view.protagonist.skills.find((s) => s.id === skillId);
  if (!skill) throw gone("such skill", view.protagonist.name);
  return { kind: "skill", skillId: skill.id, name: skill.name, target: skill.rating };
}

function statOf(view: ProtagonistView, value: string): StatName {
  const stat = STAT_NAMES.find((s) => s === value);
  if (!stat) throw gone("such stat", view.protagonist.name);
  return stat;
}

function statSubject(view: ProtagonistView, value: string): SheetRollSubject {
  if (value === LUCK_OPTION) return { kind: "luck", target: LUCK_RATING };
  const stat = statOf(view, value);
  return { kind: "stat", stat, target: statTestRating(view.protagonist.stats[stat]) };
}

/**
 * The panel for what a menu picked, after the sheet's first message is put back as it is now:
 * Discord keeps a menu's choice showing until its message changes, and a choice showing can't be
 * picked again.
 */
async function openPanel(
  interaction: AnySelectMenuInteraction,
  { reply, services, args }: ComponentContext,
  subjectOf: (view: ProtagonistView, value: string) => SheetRollSubject,
): Promise<void> {
  const [protagonistId = ""] = args;
  const { actor, view } = await sheetFor(interaction, services, protagonistId);
  const subject = subjectOf(view, interaction.values[0] ?? "");
  const [first] = await sheetContainers(services, actor, view);
  if (first) await reply.edit({ components: [first], componentsV2: true });
  await reply.send(
    sheetRollPanel(
      { command: SHEET_MENUS.command, action: SHEET_ROLL_ACTION },
      view.protagonist,
      subject,
    ),
  );
}

export const sheetSkillChosen = (
  interaction: AnySelectMenuInteraction,
  context: ComponentContext,
) => openPanel(interaction, context, skillSubject);

export const sheetStatChosen = (interaction: AnySelectMenuInteraction, context: ComponentContext) =>
  openPanel(interaction, context, statSubject);

/** A panel button: the same roll `/roll` makes, on the sheet as it is now. */
export async function sheetRollPressed(
  interaction: ButtonInteraction,
  { reply, services, log, args }: ComponentContext,
): Promise<void> {
  const [protagonistId = "", kind = "", ref = "", rawModifier = "0", secret = "0"] = args;
  const { actor, view } = await sheetFor(interaction, services, protagonistId);
  const modifier = SHEET_MODIFIERS.find((m) => String(m) === rawModifier) ?? 0;
  let subject: TestSubject;
  if (kind === "k") subject = { kind: "skill", name: skillSubject(view, ref).name };
  else if (kind === "s") subject = { kind: "stat", stat: statOf(view, ref) };
  else subject = { kind: "luck" };
  await answerTestRoll(interaction, { reply, services, log }, actor, {
    subject,
    modifier,
    // Luck too is rolled for the sheet's Protagonist, as `/roll luck protagonist:` is.
    protagonistId: view.protagonist.id,
    secret: secret === "1",
  });
}
