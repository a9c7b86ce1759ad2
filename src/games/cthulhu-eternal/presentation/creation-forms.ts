import {
  LabelBuilder,
  ModalBuilder,
  StringSelectMenuBuilder,
  TextInputBuilder,
  TextInputStyle,
} from "discord.js";
import {
  ASSIGNABLE_SETS,
  ASSIGNABLE_SET_IDS,
  STAT_MAX,
  STAT_MIN,
  STAT_POINT_TOTAL,
  adversityPickCount,
  pickBudget,
  type AssignableSetId,
  type HarshBonusStat,
} from "../rules/creation/index.js";
import type { Harshness } from "../rules/types.js";
import { SKILL_NAME_MAX } from "../rules/creation/skills.js";
import { archetypeOf, type CreationSession } from "../creation/session.js";
import { truncate } from "../../../core/discord/format.js";
import { CREATE_ACTION, flowCustomId } from "./creation-ids.js";
import { formatBondLines, formatSkillLines } from "./creation-input.js";
import { ERA_LABEL } from "./creation-words.js";

/** Discord's limits on modals: 5 components, titles of 45, labels of 45, descriptions of 100. */
export const MODAL_COMPONENTS_MAX = 5;
const MODAL_TITLE_MAX = 45;
const LABEL_MAX = 45;
const DESCRIPTION_MAX = 100;
/** Discord shows at most 25 options in a select menu, each label at most 100 characters. */
export const SELECT_MAX = 25;
const OPTION_TEXT_MAX = 100;

export const FORM_FIELD = {
  name: "name",
  upbringing: "upbringing",
  method: "method",
  archetype: "archetype",
  stats: "stats",
  optional: "optional",
  kinds: "kinds",
  ownKind: (skill: string) => `a-${skill}`,
  pickKind: (index: number) => `o-${index}`,
  adversity: (index: number) => `pick${index}`,
  bonds: "bonds",
  picks: "picks",
} as const;

/** The upbringing menu: a Harsh upbringing's +1 is part of the choice. */
export const UPBRINGINGS: readonly {
  readonly value: string;
  readonly harshness: Harshness;
  readonly bonus?: HarshBonusStat;
  readonly label: string;
  readonly description: string;
}[] = [
  {
    value: "normal",
    harshness: "normal",
    label: "Normal",
    description: "No bonus, no adversity picks; SAN = POW × 5",
  },
  {
    value: "harsh-STR",
    harshness: "harsh",
    bonus: "STR",
    label: "Harsh, +1 STR",
    description: "1 adversity pick (+20); SAN = POW × 4",
  },
  {
    value: "harsh-CON",
    harshness: "harsh",
    bonus: "CON",
    label: "Harsh, +1 CON",
    description: "1 adversity pick (+20); SAN = POW × 4",
  },
  {
    value: "very-harsh",
    harshness: "very-harsh",
    label: "Very Harsh, +1 STR and CON",
    description: "2 adversity picks (+20 each); SAN = POW × 4",
  },
];

export type StatMethodValue = "rolled" | "points" | AssignableSetId;

export function spaced(values: readonly number[]): string {
  return values.join(" ");
}

export function modal(action: string, session: CreationSession, id: string, title: string) {
  return new ModalBuilder()
    .setCustomId(flowCustomId(action, id, session.version))
    .setTitle(truncate(title, MODAL_TITLE_MAX));
}

export function labelled(label: string, description: string): LabelBuilder {
  return new LabelBuilder()
    .setLabel(truncate(label, LABEL_MAX))
    .setDescription(truncate(description, DESCRIPTION_MAX));
}

export function textInput(
  fieldId: string,
  options: { paragraph?: boolean; max: number; required: boolean; value?: string; hint?: string },
): TextInputBuilder {
  const input = new TextInputBuilder()
    .setCustomId(fieldId)
    .setStyle(options.paragraph === true ? TextInputStyle.Paragraph : TextInputStyle.Short)
    .setMaxLength(options.max)
    .setRequired(options.required);
  if (options.hint !== undefined) input.setPlaceholder(truncate(options.hint, DESCRIPTION_MAX));
  const value = options.value === undefined ? "" : truncate(options.value, options.max);
  return value === "" ? input : input.setValue(value);
}

export function select(
  fieldId: string,
  options: readonly { label: string; value: string; description?: string; default?: boolean }[],
  count = 1,
): StringSelectMenuBuilder {
  const shown = options.slice(0, SELECT_MAX);
  const picks = Math.min(count, shown.length);
  return new StringSelectMenuBuilder()
    .setCustomId(fieldId)
    .setRequired(true)
    .setMinValues(picks)
    .setMaxValues(picks)
    .addOptions(
      shown.map((option) => ({
        label: truncate(option.label, OPTION_TEXT_MAX),
        value: option.value,
        ...(option.description === undefined
          ? {}
          : { description: truncate(option.description, OPTION_TEXT_MAX) }),
        default: option.default === true,
      })),
    );
}

function methodOf(session: CreationSession): StatMethodValue | undefined {
  const stats = session.draft.stats;
  return stats?.method === "set" ? stats.set : stats?.method;
}

/** Name, upbringing, stat method and (when the menu can hold them all) archetype. */
export function basicsForm(id: string, session: CreationSession): ModalBuilder {
  const { draft, catalog } = session;
  const upbringing =
    draft.harshness === "harsh" ? `harsh-${draft.harshBonusStat ?? ""}` : draft.harshness;
  const method = methodOf(session);
  const rolls = session.rolls?.map((roll) => roll.total);
  const form = modal(
    CREATE_ACTION.basics,
    session,
    id,
    draft.name === undefined ? "New Protagonist" : "Basics: name, upbringing, stats, archetype",
  ).addLabelComponents(
    labelled(
      "Name",
      "As it appears in lists and rolls; unique in the campaign.",
    ).setTextInputComponent(
      textInput(FORM_FIELD.name, { max: 100, required: true, value: draft.name }),
    ),
    labelled(
      "Upbringing",
      "Agree it with your GM. Harsh ones give +1 STR or CON and adversity picks.",
    ).setStringSelectMenuComponent(
      select(
        FORM_FIELD.upbringing,
        UPBRINGINGS.map((u) => ({
          label: u.label,
          value: u.value,
          description: u.description,
          // Most Protagonists had a Normal upbringing.
          default: u.value === (upbringing ?? "normal"),
        })),
      ),
    ),
    labelled(
      "Stats",
      "You place the values next, in Stats and skills. Rolls are made once per draft.",
    ).setStringSelectMenuComponent(
      select(FORM_FIELD.method, [
        {
          label:
            rolls === undefined
              ? "Roll 4D6, drop the lowest, six times"
              : `Your rolls: ${spaced(rolls)}`,
          value: "rolled",
          description: "Each stat 3 to 18; the dice are shown",
          default: method === "rolled",
        },
        {
          label: `Divide ${STAT_POINT_TOTAL} points`,
          value: "points",
          description: `Each stat from ${STAT_MIN} to ${STAT_MAX}`,
          default: method === "points",
        },
        ...ASSIGNABLE_SET_IDS.map((setId) => ({
          label: `${ASSIGNABLE_SETS[setId].name} set: ${spaced(ASSIGNABLE_SETS[setId].values)}`,
          value: setId,
          default: method === setId,
        })),
      ]),
    ),
  );
  if (catalog.archetypes.length <= SELECT_MAX) {
    form.addLabelComponents(
      labelled(
        "Archetype",
        `${catalog.campaign.name} plays the ${ERA_LABEL[catalog.era]} era; it brings skills, Resources, Bonds.`,
      ).setStringSelectMenuComponent(
        select(
          FORM_FIELD.archetype,
          catalog.archetypes.map((a) => ({
            label: a.name,
            value: a.id,
            description: archetypeSummary(a),
            default: draft.archetypeId === a.id,
          })),
        ),
      ),
    );
  }
  return form;
}

export function archetypeSummary(a: {
  resources: number;
  bonds: number;
  recommendedStats: readonly string[];
}): string {
  const recommends =
    a.recommendedStats.length > 0 ? ` · recommends ${a.recommendedStats.join(", ")}` : "";
  return `Resources ${a.resources} · ${a.bonds} Bonds${recommends}`;
}

/** The bonus picks left to spend on skills, with the trade-ins as they are. */
export function picksForSkills(session: CreationSession): number {
  const budget = pickBudget(session.draft);
  return budget.allowance - budget.resourcesTradeIns - budget.communityBondTradeIns;
}

/** Adversity picks (after a harsh upbringing), Bonds and bonus picks. */
export function picksForm(id: string, session: CreationSession): ModalBuilder {
  const { draft, catalog } = session;
  const archetype = archetypeOf(session);
  const form = modal(CREATE_ACTION.picks, session, id, "Bonds and bonus picks");
  const adversity = adversityPickCount(draft.harshness ?? "normal");
  for (let index = 0; index < adversity; index += 1) {
    form.addLabelComponents(
      labelled(
        `Adversity pick ${index + 1} of ${adversity} (+20)`,
        catalog.adversitySkills.join(", "),
      ).setTextInputComponent(
        textInput(FORM_FIELD.adversity(index), {
          max: SKILL_NAME_MAX,
          required: true,
          value: draft.adversitySkills?.[index],
          hint: "e.g. First Aid or Survival (Desert)",
        }),
      ),
    );
  }
  const bonds = archetype?.bonds;
  form.addLabelComponents(
    labelled(
      bonds === undefined ? "Your Bonds, one per line" : `Your ${bonds} Bonds, one per line`,
      "Name | individual — or — Name | community (add | 2 picks, or | at 1)",
    ).setTextInputComponent(
      textInput(FORM_FIELD.bonds, {
        paragraph: true,
        max: 2000,
        required: bonds !== 0,
        value: session.typed.bonds ?? formatBondLines(draft.bonds ?? []),
        hint: "Her brother Tom | individual\nSt. Mary's parish | community",
      }),
    ),
    labelled(
      "Bonus picks: one skill per line (+20 each)",
      `${picksForSkills(session)} to spend on skills after trade-ins. Occult ×2 takes two.`,
    ).setTextInputComponent(
      textInput(FORM_FIELD.picks, {
        paragraph: true,
        max: 2000,
        // Empty is allowed: every pick may go to trade-ins.
        required: false,
        value: session.typed.picks ?? formatSkillLines(draft.bonusSkills ?? []),
        hint: "Search\nOccult ×2\nForeign Language (Latin)",
      }),
    ),
  );
  return form;
}
