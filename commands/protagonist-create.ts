/**
 * `/protagonist create`: the guided creation flow. The draft lives server-side (see
 * `creation-session.ts`), keyed by a short id in every custom id; each step's input changes the
 * draft, the services' preview re-checks it under the campaign's rules, and the message shows the
 * running preview. Nothing typed is lost: a refused input keeps the draft and says why.
 */
import type {
  AnySelectMenuInteraction,
  ButtonInteraction,
  ChatInputCommandInteraction,
  ModalSubmitInteraction,
} from "discord.js";
import { actorFrom } from "../src/bot/actor.js";
import type { ComponentContext, ComponentHandler, HandlerContext } from "../src/bot/command.js";
import {
  CREATION_EXPIRED,
  CREATION_NOT_YOURS,
  creationDrafts,
  nextStep,
  previousStep,
  stepProblem,
  type CreationSession,
} from "../src/bot/creation-session.js";
import { userText } from "../src/bot/format.js";
import {
  parseBondLines,
  parseSkillLines,
  parseStats,
} from "../src/bot/presentation/creation-input.js";
import {
  CREATE_ACTION,
  FORM_FIELD,
  adversityForm,
  bondsForm,
  creationMessage,
  matchedOptionalEntries,
  nameForm,
  picksForm,
  specialisationForm,
  specialisationFields,
  statsForm,
} from "../src/bot/presentation/creation-steps.js";
import { sheetMessages } from "../src/bot/presentation/protagonist-sheet.js";
import { isUserFacingError, userMessageOf } from "../src/bot/user-facing-error.js";
import {
  adversityPickCount,
  isAssignableSetId,
  parseSkillName,
  type CreationDraft,
  type CreationPreview,
} from "../src/rules/creation/index.js";
import type { Era } from "../src/rules/types.js";

/** Bonus picks one form may list; more than any allowance, so the rules do the counting. */
const MAX_LISTED_PICKS = 20;

type FlowInteraction = ButtonInteraction | AnySelectMenuInteraction | ModalSubmitInteraction;

interface Flow {
  readonly id: string;
  readonly session: CreationSession;
}

/** Opens the name form; the draft exists from now on, so the form's answer finds it. */
export async function startCreation(
  interaction: ChatInputCommandInteraction,
  { reply, services }: HandlerContext,
): Promise<void> {
  const actor = actorFrom(interaction);
  const catalog = await services.protagonists.creationCatalog({ actor });
  const id = creationDrafts.create({
    userId: actor.userId,
    guildId: actor.guildId,
    campaignId: catalog.campaign.id,
    catalog,
    draft: { era: catalog.era },
    step: "upbringing",
    rolls: null,
    typed: {},
    notice: null,
    archetypePage: 0,
  });
  await reply.showModal(nameForm(id, undefined));
}

/** Finds the draft of a component and makes sure the one pressing it is its creator. */
function withFlow<I extends FlowInteraction>(
  handler: (interaction: I, context: ComponentContext, flow: Flow) => Promise<void>,
): ComponentHandler<I> {
  return async (interaction, context) => {
    const id = context.args[0] ?? "";
    const session = creationDrafts.get(id);
    if (session === undefined) {
      await context.reply.send({ content: CREATION_EXPIRED, ephemeral: true });
      return;
    }
    if (session.userId !== interaction.user.id || session.guildId !== interaction.guildId) {
      await context.reply.send({ content: CREATION_NOT_YOURS, ephemeral: true });
      return;
    }
    await handler(interaction, context, { id, session });
  };
}

async function previewOf(
  interaction: FlowInteraction,
  context: ComponentContext,
  session: CreationSession,
): Promise<CreationPreview & { era: Era }> {
  return context.services.protagonists.preview({
    actor: actorFrom(interaction),
    campaignId: session.campaignId,
    draft: session.draft,
  });
}

/**
 * Applies a change to the draft and shows the result. A change the services refuse outright (a
 * shape they can't read) is undone and explained; with `advance`, a step the change completed
 * moves on, and one still incomplete says what it lacks.
 */
async function update(
  interaction: FlowInteraction,
  context: ComponentContext,
  flow: Flow,
  change: (draft: CreationDraft) => void,
  { advance }: { advance: boolean },
): Promise<void> {
  const { session } = flow;
  const before = structuredClone(session.draft);
  change(session.draft);
  let preview: CreationPreview & { era: Era };
  try {
    preview = await previewOf(interaction, context, session);
  } catch (error) {
    const message = userMessageOf(error);
    if (message === undefined) throw error;
    session.draft = before;
    session.notice = message;
    preview = await previewOf(interaction, context, session);
    return show(context, flow, preview);
  }
  if (advance) {
    const problem = stepProblem(session.step, session, preview);
    if (problem === null) session.step = nextStep(session.draft, session.step);
    else session.notice = problem;
  }
  await show(context, flow, preview);
}

async function show(
  context: ComponentContext,
  flow: Flow,
  preview: CreationPreview & { era: Era },
): Promise<void> {
  await context.reply.edit({ ...creationMessage(flow.id, flow.session, preview), ephemeral: true });
  flow.session.notice = null;
}

/** Keeps what was typed and explains why it can't be used; the draft is unchanged. */
async function refuseInput(
  interaction: FlowInteraction,
  context: ComponentContext,
  flow: Flow,
  problem: string,
): Promise<void> {
  flow.session.notice = problem;
  await show(context, flow, await previewOf(interaction, context, flow.session));
}

function textFields(interaction: ModalSubmitInteraction): Map<string, string> {
  const values = new Map<string, string>();
  for (const [fieldId, field] of interaction.fields.fields) {
    if ("value" in field && typeof field.value === "string") values.set(fieldId, field.value);
  }
  return values;
}

function stringValues(interaction: AnySelectMenuInteraction): readonly string[] {
  return interaction.isStringSelectMenu() ? interaction.values : [];
}

const nameSubmitted = withFlow<ModalSubmitInteraction>(async (interaction, context, flow) => {
  const name = interaction.fields.getTextInputValue(FORM_FIELD.name).trim();
  await update(interaction, context, flow, (draft) => (draft.name = name), { advance: false });
});

const harshnessChosen = withFlow<AnySelectMenuInteraction>(async (interaction, context, flow) => {
  const value = stringValues(interaction)[0];
  if (value !== "normal" && value !== "harsh" && value !== "very-harsh") return;
  await update(
    interaction,
    context,
    flow,
    (draft) => {
      draft.harshness = value;
      if (value !== "harsh") delete draft.harshBonusStat;
      // Fewer adversity picks now: keep the first ones.
      draft.adversitySkills = (draft.adversitySkills ?? []).slice(0, adversityPickCount(value));
    },
    { advance: true },
  );
});

const harshBonusChosen = withFlow<AnySelectMenuInteraction>(async (interaction, context, flow) => {
  const value = stringValues(interaction)[0];
  if (value !== "STR" && value !== "CON") return;
  await update(interaction, context, flow, (draft) => (draft.harshBonusStat = value), {
    advance: true,
  });
});

const methodChosen = withFlow<ButtonInteraction>(async (interaction, context, flow) => {
  const { session } = flow;
  const method = context.args[1] ?? "";
  if (method === "rolled" && session.rolls === null) {
    // Rolled once per draft: going back and forth never re-rolls.
    const rolled = await context.services.protagonists.rollStats({
      actor: actorFrom(interaction),
      campaignId: session.campaignId,
    });
    session.rolls = rolled.totals;
  }
  const current = session.draft.stats;
  const same =
    current !== undefined &&
    (method === "rolled" || method === "points"
      ? current.method === method
      : current.method === "set" && current.set === method);
  if (!same) session.typed.stats = undefined;
  const rolls = session.rolls ?? [];
  await update(
    interaction,
    context,
    flow,
    (draft) => {
      if (same) return;
      if (method === "rolled") draft.stats = { method, rolls, assignment: {} };
      else if (method === "points") draft.stats = { method, assignment: {} };
      else if (isAssignableSetId(method))
        draft.stats = { method: "set", set: method, assignment: {} };
    },
    { advance: true },
  );
});

const statsFormOpened = withFlow<ButtonInteraction>(async (_interaction, context, flow) => {
  await context.reply.showModal(statsForm(flow.id, flow.session));
});

const statsSubmitted = withFlow<ModalSubmitInteraction>(async (interaction, context, flow) => {
  const text = interaction.fields.getTextInputValue(FORM_FIELD.stats);
  flow.session.typed.stats = text;
  const parsed = parseStats(text);
  if (!parsed.ok) return refuseInput(interaction, context, flow, parsed.problem);
  await update(
    interaction,
    context,
    flow,
    (draft) => {
      if (draft.stats !== undefined) draft.stats = { ...draft.stats, assignment: parsed.value };
    },
    { advance: true },
  );
});

const archetypeChosen = withFlow<AnySelectMenuInteraction>(async (interaction, context, flow) => {
  const value = stringValues(interaction)[0];
  const { session } = flow;
  if (value === undefined || !session.catalog.archetypes.some((a) => a.id === value)) return;
  const changed = session.draft.archetypeId !== value;
  const hadChoices =
    (session.draft.optionalSkills?.length ?? 0) > 0 ||
    Object.keys(session.draft.archetypeSpecialisations ?? {}).length > 0;
  if (changed && hadChoices) {
    session.notice = "The skill choices of the previous archetype were cleared.";
  }
  await update(
    interaction,
    context,
    flow,
    (draft) => {
      draft.archetypeId = value;
      if (changed) {
        // The skill choices belonged to the other archetype's lists.
        draft.optionalSkills = [];
        draft.archetypeSpecialisations = {};
      }
    },
    { advance: true },
  );
});

const archetypePage = withFlow<ButtonInteraction>(async (interaction, context, flow) => {
  flow.session.archetypePage = Number(context.args[1] ?? 0) || 0;
  await update(interaction, context, flow, () => undefined, { advance: false });
});

const optionalChosen = withFlow<AnySelectMenuInteraction>(async (interaction, context, flow) => {
  const { session } = flow;
  const archetype = session.catalog.archetypes.find((a) => a.id === session.draft.archetypeId);
  if (archetype === undefined) return;
  const matched = matchedOptionalEntries(session);
  const picks = stringValues(interaction).flatMap((value) => {
    const index = Number(value);
    const entry = archetype.optionalSkills[index];
    // A pick already made keeps the specialisation the player named.
    return entry === undefined ? [] : [matched.get(index) ?? entry.skill];
  });
  await update(interaction, context, flow, (draft) => (draft.optionalSkills = picks), {
    advance: true,
  });
});

const specialisationFormOpened = withFlow<ButtonInteraction>(
  async (_interaction, context, flow) => {
    if (specialisationFields(flow.session).length === 0) {
      await context.reply.send({ content: "There is nothing to name.", ephemeral: true });
      return;
    }
    await context.reply.showModal(specialisationForm(flow.id, flow.session));
  },
);

const specialisationsSubmitted = withFlow<ModalSubmitInteraction>(
  async (interaction, context, flow) => {
    const fields = textFields(interaction);
    await update(
      interaction,
      context,
      flow,
      (draft) => {
        const named = { ...draft.archetypeSpecialisations };
        const picks = [...(draft.optionalSkills ?? [])];
        for (const [fieldId, raw] of fields) {
          const value = raw.trim();
          if (fieldId.startsWith("a-")) named[fieldId.slice(2)] = value;
          if (fieldId.startsWith("o-")) {
            const index = Number(fieldId.slice(2));
            const pick = picks[index];
            if (pick !== undefined) picks[index] = `${parseSkillName(pick).name} (${value})`;
          }
        }
        draft.archetypeSpecialisations = named;
        draft.optionalSkills = picks;
      },
      { advance: true },
    );
  },
);

const adversityFormOpened = withFlow<ButtonInteraction>(async (_interaction, context, flow) => {
  await context.reply.showModal(adversityForm(flow.id, flow.session));
});

const adversitySubmitted = withFlow<ModalSubmitInteraction>(async (interaction, context, flow) => {
  const count = adversityPickCount(flow.session.draft.harshness ?? "normal");
  const fields = textFields(interaction);
  const picks = Array.from({ length: count }, (_, index) =>
    (fields.get(FORM_FIELD.adversity(index)) ?? "").trim(),
  ).filter((pick) => pick !== "");
  await update(interaction, context, flow, (draft) => (draft.adversitySkills = picks), {
    advance: true,
  });
});

const bondsFormOpened = withFlow<ButtonInteraction>(async (_interaction, context, flow) => {
  await context.reply.showModal(bondsForm(flow.id, flow.session));
});

const bondsSubmitted = withFlow<ModalSubmitInteraction>(async (interaction, context, flow) => {
  const text = interaction.fields.getTextInputValue(FORM_FIELD.bonds);
  flow.session.typed.bonds = text;
  const parsed = parseBondLines(text);
  if (!parsed.ok) return refuseInput(interaction, context, flow, parsed.problem);
  await update(interaction, context, flow, (draft) => (draft.bonds = parsed.value), {
    advance: true,
  });
});

const resourcesChosen = withFlow<AnySelectMenuInteraction>(async (interaction, context, flow) => {
  const value = stringValues(interaction)[0] ?? "0";
  const resources =
    value === "zero"
      ? { tradeInPicks: 0, zero: true }
      : { tradeInPicks: Number(value) || 0, zero: false };
  await update(interaction, context, flow, (draft) => (draft.resources = resources), {
    advance: true,
  });
});

const picksFormOpened = withFlow<ButtonInteraction>(async (_interaction, context, flow) => {
  await context.reply.showModal(picksForm(flow.id, flow.session));
});

const picksSubmitted = withFlow<ModalSubmitInteraction>(async (interaction, context, flow) => {
  const text = interaction.fields.getTextInputValue(FORM_FIELD.picks);
  flow.session.typed.picks = text;
  const parsed = parseSkillLines(text, MAX_LISTED_PICKS);
  if (!parsed.ok) return refuseInput(interaction, context, flow, parsed.problem);
  await update(interaction, context, flow, (draft) => (draft.bonusSkills = parsed.value), {
    advance: true,
  });
});

const nameFormOpened = withFlow<ButtonInteraction>(async (_interaction, context, flow) => {
  await context.reply.showModal(nameForm(flow.id, flow.session.draft.name));
});

const nextPressed = withFlow<ButtonInteraction>(async (interaction, context, flow) => {
  await update(interaction, context, flow, () => undefined, { advance: true });
});

const backPressed = withFlow<ButtonInteraction>(async (interaction, context, flow) => {
  flow.session.step = previousStep(flow.session.draft, flow.session.step);
  await update(interaction, context, flow, () => undefined, { advance: false });
});

const cancelPressed = withFlow<ButtonInteraction>(async (_interaction, context, flow) => {
  creationDrafts.delete(flow.id);
  await context.reply.edit({
    content: "Creation cancelled; nothing was saved.",
    embeds: [],
    components: [],
  });
});

const confirmPressed = withFlow<ButtonInteraction>(async (interaction, context, flow) => {
  const actor = actorFrom(interaction);
  const { session } = flow;
  let created;
  try {
    created = await context.services.protagonists.create({
      actor,
      campaignId: session.campaignId,
      choices: session.draft,
    });
  } catch (error) {
    // Every violation is in the message; the draft stays for the player to fix.
    if (!isUserFacingError(error)) throw error;
    return refuseInput(interaction, context, flow, userMessageOf(error) ?? error.userMessage);
  }
  creationDrafts.delete(flow.id);
  const view = await context.services.protagonists.get({
    actor,
    protagonistId: created.protagonist.id,
  });
  const name = userText(created.protagonist.name);
  const selected = created.selected ? " You now play them in this campaign." : "";
  await context.reply.edit({
    content: `✅ **${name}** is created.${selected} See the sheet any time with \`/protagonist show\`.`,
    embeds: sheetMessages(view)[0] ?? [],
    components: [],
  });
  await context.reply.send({
    content: `🆕 **${name}** (${created.sheet.archetype.name}) joins **${userText(session.catalog.campaign.name)}**, played by <@${created.protagonist.ownerId}>.`,
    ephemeral: false,
  });
});

export const creationButtons: Readonly<Record<string, ComponentHandler<ButtonInteraction>>> = {
  [CREATE_ACTION.method]: methodChosen,
  [CREATE_ACTION.stats]: statsFormOpened,
  [CREATE_ACTION.archetypePage]: archetypePage,
  [CREATE_ACTION.specialisations]: specialisationFormOpened,
  [CREATE_ACTION.adversity]: adversityFormOpened,
  [CREATE_ACTION.bonds]: bondsFormOpened,
  [CREATE_ACTION.picks]: picksFormOpened,
  [CREATE_ACTION.name]: nameFormOpened,
  [CREATE_ACTION.next]: nextPressed,
  [CREATE_ACTION.back]: backPressed,
  [CREATE_ACTION.cancel]: cancelPressed,
  [CREATE_ACTION.confirm]: confirmPressed,
};

export const creationSelectMenus: Readonly<
  Record<string, ComponentHandler<AnySelectMenuInteraction>>
> = {
  [CREATE_ACTION.harshness]: harshnessChosen,
  [CREATE_ACTION.harshBonus]: harshBonusChosen,
  [CREATE_ACTION.archetype]: archetypeChosen,
  [CREATE_ACTION.optional]: optionalChosen,
  [CREATE_ACTION.resources]: resourcesChosen,
};

export const creationModals: Readonly<Record<string, ComponentHandler<ModalSubmitInteraction>>> = {
  [CREATE_ACTION.name]: nameSubmitted,
  [CREATE_ACTION.stats]: statsSubmitted,
  [CREATE_ACTION.specialisations]: specialisationsSubmitted,
  [CREATE_ACTION.adversity]: adversitySubmitted,
  [CREATE_ACTION.bonds]: bondsSubmitted,
  [CREATE_ACTION.picks]: picksSubmitted,
};
