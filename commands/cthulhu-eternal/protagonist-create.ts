/**
 * `/protagonist create`: the guided creation flow. The draft lives server-side (see
 * `creation-session.ts`); one private message shows the running preview and is updated in place
 * by three forms (basics; stats and skills; Bonds and picks) and a few menus. Nothing typed is
 * lost: a refused input keeps the draft and the text, and says why, once.
 */
import {
  eternalUserMessageOf,
  isRefusal,
} from "../../src/games/cthulhu-eternal/presentation/refusals.js";
import type {
  AnySelectMenuInteraction,
  ButtonInteraction,
  ChatInputCommandInteraction,
  ModalBuilder,
  ModalSubmitInteraction,
} from "discord.js";
import { actorFrom } from "../../src/core/discord/actor.js";
import type { HandlerContext } from "../../src/games/cthulhu-eternal/command.js";
import {
  applyChange,
  flowHandler,
  formValues,
  previewOf,
  render,
  type FormValues,
} from "../../src/games/cthulhu-eternal/creation/flow.js";
import {
  archetypeOf,
  creationDrafts,
  isTypedSkill,
  skillsOf,
  typedArchetypeSkills,
  type CreationSession,
  type TypedField,
} from "../../src/games/cthulhu-eternal/creation/session.js";
import { CREATE_ACTION } from "../../src/games/cthulhu-eternal/presentation/creation-ids.js";
import {
  FORM_FIELD,
  UPBRINGINGS,
  basicsForm,
  picksForm,
} from "../../src/games/cthulhu-eternal/presentation/creation-forms.js";
import {
  kindsForm,
  matchedOptionalEntries,
  skillsForm,
} from "../../src/games/cthulhu-eternal/presentation/creation-skills-form.js";
import {
  parseBondLines,
  parseKindLines,
  parseSkillLines,
  parseStats,
  type Parsed,
  type SkillKind,
} from "../../src/games/cthulhu-eternal/presentation/creation-input.js";
import { CREATION_TEXT } from "../../src/games/cthulhu-eternal/presentation/creation-message.js";
import { sheetMessages } from "../../src/games/cthulhu-eternal/presentation/protagonist-sheet.js";
import {
  adversityPickCount,
  canonicalSkillText,
  formatSkillName,
  isAssignableSetId,
  parseSkillName,
  titleCaseSpecialisation,
  type CreationDraft,
} from "../../src/games/cthulhu-eternal/rules/creation/index.js";

/** Bonus picks one form may list; more than any allowance, so the rules do the counting. */
const MAX_LISTED_PICKS = 20;

/** Opens the basics form; the draft exists from now on, so the form's answer finds it. */
export async function startCreation(
  interaction: ChatInputCommandInteraction,
  { reply, services }: HandlerContext,
): Promise<void> {
  const actor = actorFrom(interaction);
  const catalog = await services.protagonists.creationCatalog({ actor });
  const session: CreationSession = {
    userId: actor.userId,
    guildId: actor.guildId,
    campaignId: catalog.campaign.id,
    catalog,
    draft: { era: catalog.era },
    version: 0,
    rolls: null,
    typed: {},
    notices: [],
    archetypePage: 0,
    created: null,
  };
  const id = creationDrafts.create(session);
  await reply.showModal(basicsForm(id, session));
}

function stringValues(interaction: AnySelectMenuInteraction): readonly string[] {
  return interaction.isStringSelectMenu() ? interaction.values : [];
}

/**
 * A text field read with its parser. Refused text is kept for the form's next opening and the
 * reason noted; undefined then, and when the form has no such field.
 */
function parsedField<T>(
  session: CreationSession,
  field: TypedField,
  text: string | undefined,
  parse: (text: string) => Parsed<T>,
): T | undefined {
  if (text === undefined) return undefined;
  const parsed = parse(text);
  session.typed[field] = parsed.ok ? undefined : text;
  if (parsed.ok) return parsed.value;
  session.notices.push(parsed.problem);
  return undefined;
}

const basicsSubmitted = flowHandler<ModalSubmitInteraction>(async (interaction, context, flow) => {
  const { session } = flow;
  const values = formValues(interaction);
  const upbringing = UPBRINGINGS.find((u) => u.value === values.choices(FORM_FIELD.upbringing)[0]);
  const method = values.choices(FORM_FIELD.method)[0];
  const archetypeId = values.choices(FORM_FIELD.archetype)[0];
  if (method === "rolled" && session.rolls === null) {
    // Rolled once per draft: changing method back and forth never re-rolls.
    const rolled = await context.services.protagonists.rollStats({
      actor: actorFrom(interaction),
      campaignId: session.campaignId,
    });
    session.rolls = rolled.rolls;
  }
  const archetypeChanged =
    archetypeId !== undefined &&
    session.catalog.archetypes.some((a) => a.id === archetypeId) &&
    archetypeId !== session.draft.archetypeId;
  if (archetypeChanged && hasSkillChoices(session.draft)) {
    session.notices.push(CREATION_TEXT.choicesCleared);
  }
  await applyChange(interaction, context, flow, (draft) => {
    const name = values.text(FORM_FIELD.name)?.trim();
    if (name) draft.name = name;
    if (upbringing !== undefined) setUpbringing(draft, upbringing.harshness, upbringing.bonus);
    if (method !== undefined) setMethod(session, draft, method);
    if (archetypeChanged) chooseArchetype(draft, archetypeId);
  });
});

function hasSkillChoices(draft: CreationDraft): boolean {
  return (
    (draft.optionalSkills?.length ?? 0) > 0 ||
    Object.keys(draft.archetypeSpecialisations ?? {}).length > 0
  );
}

function setUpbringing(
  draft: CreationDraft,
  harshness: NonNullable<CreationDraft["harshness"]>,
  bonus: CreationDraft["harshBonusStat"],
): void {
  draft.harshness = harshness;
  if (bonus === undefined) delete draft.harshBonusStat;
  else draft.harshBonusStat = bonus;
  // Fewer adversity picks now: keep the first ones.
  draft.adversitySkills = (draft.adversitySkills ?? []).slice(0, adversityPickCount(harshness));
}

function setMethod(session: CreationSession, draft: CreationDraft, method: string): void {
  const current = draft.stats;
  const same =
    current !== undefined &&
    (current.method === "set" ? current.set === method : current.method === method);
  if (same) return;
  delete session.typed.stats;
  const rolls = session.rolls?.map((roll) => roll.total) ?? [];
  if (method === "rolled") draft.stats = { method, rolls, assignment: {} };
  else if (method === "points") draft.stats = { method, assignment: {} };
  else if (isAssignableSetId(method)) draft.stats = { method: "set", set: method, assignment: {} };
}

function chooseArchetype(draft: CreationDraft, archetypeId: string): void {
  draft.archetypeId = archetypeId;
  // The skill choices belonged to the other archetype's lists.
  draft.optionalSkills = [];
  draft.archetypeSpecialisations = {};
}

/** Kinds typed for the archetype's own "(Type)" skills, by skill name. */
function ownKinds(session: CreationSession, values: FormValues): Record<string, string> {
  const named = { ...session.draft.archetypeSpecialisations };
  for (const skill of typedArchetypeSkills(session)) {
    const text = values.text(FORM_FIELD.ownKind(skill))?.trim();
    if (text !== undefined) named[skill] = text === "" ? "" : titleCaseSpecialisation(text);
  }
  return named;
}

/** The picks the list menu stands for; a pick already made keeps the kind the player named. */
function chosenOptionals(session: CreationSession, values: readonly string[]): string[] {
  const archetype = archetypeOf(session);
  const matched = matchedOptionalEntries(session);
  return values.flatMap((value) => {
    const index = Number(value);
    const entry = archetype?.optionalSkills[index];
    return entry === undefined ? [] : [matched.get(index) ?? entry.skill];
  });
}

/** Gives each typed kind to a chosen "(Type)" pick of that skill, in order; returns the unused. */
function nameChosenKinds(session: CreationSession, picks: string[], kinds: readonly SkillKind[]) {
  const unused: string[] = [];
  const named = new Set<number>();
  for (const { skill, kind } of kinds) {
    const at = picks.findIndex(
      (pick, index) =>
        !named.has(index) &&
        isTypedSkill(session.catalog, pick) &&
        parseSkillName(pick).name.toLowerCase() === skill.toLowerCase(),
    );
    if (at === -1) {
      unused.push(skill);
      continue;
    }
    named.add(at);
    picks[at] = canonicalSkillText(skillsOf(session), formatSkillName(skill, kind));
  }
  return unused;
}

/** Opens a form from the message, or says why there is none (Discord refuses empty forms). */
function formOpener(
  build: (id: string, session: CreationSession) => ModalBuilder | undefined,
  nothingToAsk: string,
) {
  return flowHandler<ButtonInteraction>(async (_interaction, context, flow) => {
    const form = build(flow.id, flow.session);
    if (form === undefined) return context.reply.send({ content: nothingToAsk, ephemeral: true });
    await context.reply.showModal(form);
  });
}

const skillsSubmitted = flowHandler<ModalSubmitInteraction>(async (interaction, context, flow) => {
  const { session } = flow;
  const values = formValues(interaction);
  const stats = parsedField(session, "stats", values.text(FORM_FIELD.stats), parseStats);
  const kinds = parsedField(session, "kinds", values.text(FORM_FIELD.kinds), parseKindLines);
  const optional = values.fieldIds.includes(FORM_FIELD.optional)
    ? chosenOptionals(session, values.choices(FORM_FIELD.optional))
    : undefined;
  await applyChange(interaction, context, flow, (draft) => {
    if (stats !== undefined && draft.stats !== undefined) {
      draft.stats = { ...draft.stats, assignment: stats };
    }
    draft.archetypeSpecialisations = ownKinds(session, values);
    const picks = optional ?? [...(draft.optionalSkills ?? [])];
    if (kinds !== undefined) {
      // Kinds are given afresh: a pick whose line was removed waits for one again.
      const unnamed = picks.map((pick) =>
        isTypedSkill(session.catalog, pick)
          ? formatSkillName(parseSkillName(pick).name, "Type")
          : pick,
      );
      const unused = nameChosenKinds(session, unnamed, kinds);
      session.notices.push(...unused.map(CREATION_TEXT.unmatchedKind));
      draft.optionalSkills = unnamed;
    } else draft.optionalSkills = picks;
  });
});

const kindsSubmitted = flowHandler<ModalSubmitInteraction>(async (interaction, context, flow) => {
  const { session } = flow;
  const values = formValues(interaction);
  await applyChange(interaction, context, flow, (draft) => {
    draft.archetypeSpecialisations = ownKinds(session, values);
    draft.optionalSkills = (draft.optionalSkills ?? []).map((pick, index) => {
      const kind = values.text(FORM_FIELD.pickKind(index))?.trim();
      if (kind === undefined) return pick;
      const name = parseSkillName(pick).name;
      return canonicalSkillText(skillsOf(session), formatSkillName(name, kind || null));
    });
  });
});

const picksSubmitted = flowHandler<ModalSubmitInteraction>(async (interaction, context, flow) => {
  const { session } = flow;
  const values = formValues(interaction);
  const skills = skillsOf(session);
  const bonds = parsedField(session, "bonds", values.text(FORM_FIELD.bonds), parseBondLines);
  const picks = parsedField(session, "picks", values.text(FORM_FIELD.picks), (text) =>
    parseSkillLines(text, MAX_LISTED_PICKS),
  );
  const adversity = Array.from(
    { length: adversityPickCount(session.draft.harshness ?? "normal") },
    (_, index) => values.text(FORM_FIELD.adversity(index))?.trim() ?? "",
  ).filter((pick) => pick !== "");
  await applyChange(interaction, context, flow, (draft) => {
    draft.adversitySkills = adversity.map((pick) => canonicalSkillText(skills, pick));
    if (bonds !== undefined) draft.bonds = bonds;
    if (picks !== undefined)
      draft.bonusSkills = picks.map((pick) => canonicalSkillText(skills, pick));
  });
});

const resourcesChosen = flowHandler<AnySelectMenuInteraction>(
  async (interaction, context, flow) => {
    const value = stringValues(interaction)[0] ?? "0";
    const resources =
      value === "zero"
        ? { tradeInPicks: 0, zero: true }
        : { tradeInPicks: Number(value) || 0, zero: false };
    await applyChange(interaction, context, flow, (draft) => (draft.resources = resources));
  },
);

const archetypeChosen = flowHandler<AnySelectMenuInteraction>(
  async (interaction, context, flow) => {
    const value = stringValues(interaction)[0];
    const { session } = flow;
    if (value === undefined || !session.catalog.archetypes.some((a) => a.id === value)) return;
    const changed = session.draft.archetypeId !== value;
    if (changed && hasSkillChoices(session.draft))
      session.notices.push(CREATION_TEXT.choicesCleared);
    await applyChange(interaction, context, flow, (draft) => {
      if (changed) chooseArchetype(draft, value);
    });
  },
);

const archetypePage = flowHandler<ButtonInteraction>(async (interaction, context, flow) => {
  flow.session.archetypePage = Number(flow.args[0] ?? 0) || 0;
  await applyChange(interaction, context, flow, () => undefined);
});

const cancelPressed = flowHandler<ButtonInteraction>(async (_interaction, context, flow) => {
  creationDrafts.delete(flow.id);
  await context.reply.edit({ content: CREATION_TEXT.cancelled, embeds: [], components: [] });
});

const confirmPressed = flowHandler<ButtonInteraction>(async (interaction, context, flow) => {
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
    // A name taken meanwhile, or a campaign rule changed: the draft stays for the player to fix.
    const why = isRefusal(error) ? eternalUserMessageOf(error) : undefined;
    if (why === undefined) throw error;
    session.notices.push(why);
    return render(context, flow, await previewOf(interaction, context, session));
  }
  session.created = { name: created.protagonist.name };
  const view = await context.services.protagonists.get({
    actor,
    protagonistId: created.protagonist.id,
  });
  await context.reply.edit({
    content: CREATION_TEXT.created(created.protagonist.name, created.selected),
    embeds: sheetMessages(view)[0] ?? [],
    components: [],
  });
  await context.reply.send({
    content: CREATION_TEXT.joined(
      created.protagonist.name,
      created.sheet.archetype.name,
      session.catalog.campaign.name,
      created.protagonist.ownerId,
    ),
    ephemeral: false,
  });
});

export const creationButtons = {
  [CREATE_ACTION.basics]: formOpener(basicsForm, CREATION_TEXT.nothingToAsk),
  [CREATE_ACTION.skills]: formOpener(skillsForm, CREATION_TEXT.nothingToAsk),
  [CREATE_ACTION.picks]: formOpener(picksForm, CREATION_TEXT.nothingToAsk),
  [CREATE_ACTION.kinds]: formOpener(kindsForm, CREATION_TEXT.nothingToName),
  [CREATE_ACTION.archetypePage]: archetypePage,
  [CREATE_ACTION.cancel]: cancelPressed,
  [CREATE_ACTION.confirm]: confirmPressed,
};

export const creationSelectMenus = {
  [CREATE_ACTION.resources]: resourcesChosen,
  [CREATE_ACTION.archetype]: archetypeChosen,
};

export const creationModals = {
  [CREATE_ACTION.basics]: basicsSubmitted,
  [CREATE_ACTION.skills]: skillsSubmitted,
  [CREATE_ACTION.kinds]: kindsSubmitted,
  [CREATE_ACTION.picks]: picksSubmitted,
};
