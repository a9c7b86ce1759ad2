import type { LabelBuilder, ModalBuilder } from "discord.js";
import {
  ASSIGNABLE_SETS,
  STAT_MAX,
  STAT_MIN,
  STAT_POINT_TOTAL,
  parseSkillName,
} from "../rules/creation/index.js";
import {
  archetypeOf,
  heldByArchetype,
  isTypedSkill,
  needsSpecialisation,
  suggestedStats,
  typedArchetypeSkills,
  type CreationSession,
} from "../creation/session.js";
import { CREATE_ACTION } from "./creation-ids.js";
import {
  FORM_FIELD,
  MODAL_COMPONENTS_MAX,
  SELECT_MAX,
  labelled,
  modal,
  select,
  spaced,
  textInput,
} from "./creation-forms.js";
import { formatStats } from "./creation-input.js";

/** The form for stats and the archetype's skills, and the one naming "(Type)" skills' kinds. */

function statsDescription(session: CreationSession): string {
  const stats = session.draft.stats;
  switch (stats?.method) {
    case "rolled":
      return `Place your rolls ${spaced(stats.rolls)}, one per stat.`;
    case "set":
      return `Place ${spaced(ASSIGNABLE_SETS[stats.set].values)}, one per stat; any order.`;
    default:
      return `${STAT_POINT_TOTAL} points in all; each stat from ${STAT_MIN} to ${STAT_MAX}.`;
  }
}

/**
 * Which entries of the archetype's "choose N" list the current picks stand for (each entry once;
 * an entry naming no specialisation matches any kind of its skill).
 */
export function matchedOptionalEntries(session: CreationSession): Map<number, string> {
  const archetype = archetypeOf(session);
  const matched = new Map<number, string>();
  if (archetype === undefined) return matched;
  for (const pick of session.draft.optionalSkills ?? []) {
    const parsed = parseSkillName(pick);
    const at = archetype.optionalSkills.findIndex((entry, index) => {
      if (matched.has(index)) return false;
      const listed = parseSkillName(entry.skill);
      return (
        listed.name.toLowerCase() === parsed.name.toLowerCase() &&
        (listed.specialisation === null ||
          listed.specialisation.toLowerCase() === (parsed.specialisation ?? "").toLowerCase())
      );
    });
    if (at !== -1) matched.set(at, pick);
  }
  return matched;
}

/**
 * The list entries ticked in the form: the player's picks, or before they chose, the first that
 * need no naming and that the archetype doesn't already give (the archetype's defaults).
 */
function tickedOptionalEntries(session: CreationSession): Set<number> {
  const matched = matchedOptionalEntries(session);
  const archetype = archetypeOf(session);
  if (matched.size > 0 || archetype === undefined) return new Set(matched.keys());
  const entries = archetype.optionalSkills.slice(0, SELECT_MAX).map((entry, index) => ({
    index,
    plain:
      !needsSpecialisation(session.catalog, entry.skill) &&
      !heldByArchetype(archetype, entry.skill),
  }));
  const preferred = [...entries.filter((e) => e.plain), ...entries.filter((e) => !e.plain)];
  return new Set(preferred.slice(0, archetype.optionalSkillCount).map((e) => e.index));
}

/** The kinds of the chosen "(Type)" picks, one per line, as the kinds field shows them. */
export function pickKindsText(session: CreationSession): string {
  return (session.draft.optionalSkills ?? [])
    .filter(
      (pick) => isTypedSkill(session.catalog, pick) && !needsSpecialisation(session.catalog, pick),
    )
    .join("\n");
}

/**
 * Stats, the archetype's skill choices and the kinds of its "(Type)" skills; undefined while
 * there is nothing to ask (no stat method and no archetype yet).
 */
export function skillsForm(id: string, session: CreationSession): ModalBuilder | undefined {
  const { draft } = session;
  const archetype = archetypeOf(session);
  const labels: LabelBuilder[] = [];
  if (draft.stats !== undefined) {
    labels.push(
      labelled("Stats, one per line: STR 12", statsDescription(session)).setTextInputComponent(
        textInput(FORM_FIELD.stats, {
          paragraph: true,
          max: 200,
          required: true,
          value: session.typed.stats ?? formatStats(suggestedStats(session)),
        }),
      ),
    );
  }
  const listHasTyped =
    archetype?.optionalSkills.some((entry) => isTypedSkill(session.catalog, entry.skill)) ?? false;
  if (archetype !== undefined && archetype.optionalSkillCount > 0) {
    const ticked = tickedOptionalEntries(session);
    const matched = matchedOptionalEntries(session);
    labels.push(
      labelled(
        `Choose ${archetype.optionalSkillCount}: ${archetype.name} skills`,
        listHasTyped
          ? "A (Type) skill you choose needs its kind: write it in the last field."
          : "Skills your archetype lets you choose, at these ratings.",
      ).setStringSelectMenuComponent(
        select(
          FORM_FIELD.optional,
          archetype.optionalSkills.map((entry, index) => ({
            label: `${matched.get(index) ?? entry.skill} ${entry.rating}%`,
            value: String(index),
            default: ticked.has(index),
          })),
          archetype.optionalSkillCount,
        ),
      ),
    );
  }
  const roomForKinds = listHasTyped ? 1 : 0;
  const named = draft.archetypeSpecialisations ?? {};
  for (const skill of typedArchetypeSkills(session)) {
    if (labels.length >= MODAL_COMPONENTS_MAX - roomForKinds) break;
    const rating = archetype?.skills.find((s) => parseSkillName(s.skill).name === skill)?.rating;
    labels.push(
      labelled(
        `Your ${skill} (Type)${rating === undefined ? "" : ` at ${rating}%`}: which kind?`,
        "The kind: Painting, Carpentry, French, Biology, Desert…",
      ).setTextInputComponent(
        textInput(FORM_FIELD.ownKind(skill), { max: 80, required: true, value: named[skill] }),
      ),
    );
  }
  if (listHasTyped && labels.length < MODAL_COMPONENTS_MAX) {
    labels.push(
      labelled(
        "Kinds of the (Type) skills you choose",
        "One per line, e.g. Foreign Language (Latin). Empty if you choose none.",
      ).setTextInputComponent(
        textInput(FORM_FIELD.kinds, {
          paragraph: true,
          max: 500,
          required: false,
          value: session.typed.kinds ?? pickKindsText(session),
          hint: "Foreign Language (Latin)\nScience (Chemistry)",
        }),
      ),
    );
  }
  if (labels.length === 0) return undefined;
  return modal(CREATE_ACTION.skills, session, id, "Stats and skills").addLabelComponents(labels);
}

/** Every "(Type)" skill the player can name: the archetype's own, then chosen "(Type)" picks. */
export function specialisationFields(
  session: CreationSession,
): { fieldId: string; label: string; value: string }[] {
  const archetype = archetypeOf(session);
  const named = session.draft.archetypeSpecialisations ?? {};
  const own = typedArchetypeSkills(session).map((skill) => {
    const rating = archetype?.skills.find((s) => parseSkillName(s.skill).name === skill)?.rating;
    return {
      fieldId: FORM_FIELD.ownKind(skill),
      label: `${skill} (archetype skill${rating === undefined ? "" : `, ${rating}%`})`,
      value: named[skill] ?? "",
    };
  });
  const picks = (session.draft.optionalSkills ?? []).flatMap((pick, index) => {
    const parsed = parseSkillName(pick);
    return isTypedSkill(session.catalog, pick)
      ? [
          {
            fieldId: FORM_FIELD.pickKind(index),
            label: `${parsed.name} (chosen skill)`,
            value: parsed.specialisation ?? "",
          },
        ]
      : [];
  });
  // Unnamed ones first: a form holds five fields.
  return [...own, ...picks].sort((a, b) => Number(a.value !== "") - Number(b.value !== ""));
}

/** Names the kinds of "(Type)" skills, five at a time; undefined when there is none to name. */
export function kindsForm(id: string, session: CreationSession): ModalBuilder | undefined {
  const fields = specialisationFields(session).slice(0, MODAL_COMPONENTS_MAX);
  if (fields.length === 0) return undefined;
  return modal(CREATE_ACTION.kinds, session, id, "Name the specialisations").addLabelComponents(
    fields.map((field) =>
      labelled(
        field.label,
        "The kind: Painting, Carpentry, French, Biology, Desert…",
      ).setTextInputComponent(
        textInput(field.fieldId, { max: 80, required: true, value: field.value }),
      ),
    ),
  );
}
