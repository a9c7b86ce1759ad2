import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  ModalBuilder,
  StringSelectMenuBuilder,
  TextInputStyle,
  type EmbedBuilder,
} from "discord.js";
import {
  ASSIGNABLE_SETS,
  ASSIGNABLE_SET_IDS,
  STAT_MAX,
  STAT_MIN,
  STAT_POINT_TOTAL,
  adversityPickCount,
  parseSkillName,
  tradeInBonus,
  UNNATURAL,
  type CreationPreview,
  type StatChoice,
} from "../../rules/creation/index.js";
import type { Era, Stats } from "../../rules/types.js";
import { customId } from "../custom-id.js";
import {
  PROTAGONIST_COMMAND,
  archetypeOf,
  needsSpecialisation,
  stepsOf,
  typedArchetypeSkills,
  type CreationSession,
  type CreationStep,
} from "../creation-session.js";
import { truncate } from "../format.js";
import { creationPreviewEmbed, HARSHNESS_LABEL } from "./creation-preview.js";
import { formatBondLines, formatSkillLines, formatStats } from "./creation-input.js";

/** Custom-id actions of the creation flow; a button and the form it opens share an action. */
export const CREATE_ACTION = {
  name: "cname",
  harshness: "charsh",
  harshBonus: "cbonus",
  method: "cmethod",
  stats: "cstats",
  archetype: "carch",
  archetypePage: "cpage",
  optional: "copt",
  specialisations: "cspec",
  adversity: "cadv",
  bonds: "cbonds",
  resources: "cres",
  picks: "cpicks",
  next: "cnext",
  back: "cback",
  cancel: "ccancel",
  confirm: "cconfirm",
} as const;

/** Discord shows at most 25 options in a select menu. */
const SELECT_MAX = 25;
/** Bonus picks a player may trade for Resources in the menu. */
const MAX_RESOURCE_TRADE_IN = 10;

export const STEP_TITLE: Readonly<Record<CreationStep, string>> = {
  upbringing: "Upbringing",
  "stat-method": "Stats: method",
  "stat-values": "Stats: values",
  archetype: "Archetype",
  "archetype-skills": "Archetype skills",
  adversity: "Adversity picks",
  bonds: "Bonds",
  picks: "Bonus picks and Resources",
  review: "Review",
};

const id = (action: string, session: string, ...args: (string | number)[]) =>
  customId(PROTAGONIST_COMMAND, action, session, ...args);

type Row = ActionRowBuilder<ButtonBuilder> | ActionRowBuilder<StringSelectMenuBuilder>;

export interface CreationMessage {
  content: string;
  embeds: EmbedBuilder[];
  components: Row[];
}

function rollsText(rolls: readonly number[]): string {
  return rolls.join(", ");
}

function statValuesInstruction(stats: StatChoice<Partial<Stats>> | undefined): string {
  switch (stats?.method) {
    case "rolled":
      return `Your rolls (4D6, lowest dropped): **${rollsText(stats.rolls)}**. Press **Enter stats** and give each roll to one stat.`;
    case "points":
      return `Divide **${STAT_POINT_TOTAL}** points among the six stats, each from ${STAT_MIN} to ${STAT_MAX}. Press **Enter stats**.`;
    case "set": {
      const set = ASSIGNABLE_SETS[stats.set];
      return `Give the ${set.name} values **${rollsText(set.values)}** to the six stats, one each. Press **Enter stats**.`;
    }
    case undefined:
      return "Go back and choose how to make your stats.";
  }
}

function instruction(session: CreationSession): string {
  const { draft, catalog } = session;
  const archetype = archetypeOf(session);
  switch (session.step) {
    case "upbringing":
      return "How harsh was your upbringing? Agree it with your GM. Harsh and Very Harsh give +1 to STR and/or CON and adversity skill picks, but start SAN at POW × 4 instead of × 5.";
    case "stat-method":
      return `Choose how to make your six stats: roll 4D6 and drop the lowest die, six times; divide ${STAT_POINT_TOTAL} points; or take an assignable set.`;
    case "stat-values":
      return statValuesInstruction(draft.stats);
    case "archetype":
      return `Choose your archetype (${catalog.campaign.name} plays the ${catalog.era} era): it brings its skills, its Resources and its number of Bonds.`;
    case "archetype-skills": {
      const typed = typedArchetypeSkills(session);
      const choose =
        (archetype?.optionalSkillCount ?? 0) > 0
          ? `choose **${archetype?.optionalSkillCount ?? 0}** skills from its list`
          : "it has no skills to choose";
      const name = typed.length > 0 ? `, and name the kind of ${typed.join(", ")}` : "";
      return `${archetype?.name ?? "Your archetype"}: ${choose}${name}. A "(Type)" skill you choose needs its kind named too (**Name specialisations**).`;
    }
    case "adversity": {
      const count = adversityPickCount(draft.harshness ?? "normal");
      return `Your ${HARSHNESS_LABEL[draft.harshness ?? "normal"]} upbringing gives **${count}** adversity pick${count === 1 ? " (+20)" : "s (+20 each; the same skill may take both)"} from: ${catalog.adversitySkills.join(", ")}. Name the kind for a "(Type)" skill, e.g. Survival (Desert).`;
    }
    case "bonds":
      return `${archetype?.name ?? "Your archetype"} has **${archetype?.bonds ?? 0}** Bonds. One per line: \`Name | individual\` (a person; starts at CHA) or \`Name | community\` (a group; starts at half your Resources). A Community Bond may add \`| 2 picks\` (bonus picks traded in: +5, then +2 each) or \`| at 1\` (starts at 1 for an extra bonus pick).`;
    case "picks":
      return `Spend your bonus picks: each adds +20 to a skill (a skill may take several, up to ${catalog.creationSkillCap}%), or trade picks for Resources in the menu. Skills: ${catalog.skills
        .filter((s) => catalog.unnaturalBonusPicks || s.name !== UNNATURAL)
        .map((s) => (s.typed ? `${s.name} (Type)` : s.name))
        .join(", ")}.`;
    case "review":
      return "Check your Protagonist, then press **Create Protagonist**. Anything still wrong is listed and nothing is lost.";
  }
}

function navigationRow(
  sessionId: string,
  session: CreationSession,
): ActionRowBuilder<ButtonBuilder> {
  const first = stepsOf(session.draft)[0] === session.step;
  const row = new ActionRowBuilder<ButtonBuilder>().addComponents(
    new ButtonBuilder()
      .setCustomId(id(CREATE_ACTION.back, sessionId))
      .setLabel("Back")
      .setEmoji("◀️")
      .setStyle(ButtonStyle.Secondary)
      .setDisabled(first),
  );
  row.addComponents(
    session.step === "review"
      ? new ButtonBuilder()
          .setCustomId(id(CREATE_ACTION.confirm, sessionId))
          .setLabel("Create Protagonist")
          .setEmoji("✅")
          .setStyle(ButtonStyle.Success)
      : new ButtonBuilder()
          .setCustomId(id(CREATE_ACTION.next, sessionId))
          .setLabel("Next")
          .setEmoji("▶️")
          .setStyle(ButtonStyle.Primary),
    new ButtonBuilder()
      .setCustomId(id(CREATE_ACTION.name, sessionId))
      .setLabel("Name")
      .setEmoji("✏️")
      .setStyle(ButtonStyle.Secondary),
    new ButtonBuilder()
      .setCustomId(id(CREATE_ACTION.cancel, sessionId))
      .setLabel("Cancel")
      .setStyle(ButtonStyle.Danger),
  );
  return row;
}

function button(customIdText: string, label: string, selected = false): ButtonBuilder {
  return new ButtonBuilder()
    .setCustomId(customIdText)
    .setLabel(truncate(label, 80))
    .setStyle(selected ? ButtonStyle.Primary : ButtonStyle.Secondary);
}

function upbringingRows(sessionId: string, session: CreationSession): Row[] {
  const { draft } = session;
  const descriptions = {
    normal: "No bonus, no adversity picks; SAN = POW × 5",
    harsh: "+1 to STR or CON, 1 adversity pick; SAN = POW × 4",
    "very-harsh": "+1 to STR and CON, 2 adversity picks; SAN = POW × 4",
  } as const;
  const rows: Row[] = [
    new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(
      new StringSelectMenuBuilder()
        .setCustomId(id(CREATE_ACTION.harshness, sessionId))
        .setPlaceholder("Upbringing: Normal, Harsh or Very Harsh")
        .addOptions(
          (["normal", "harsh", "very-harsh"] as const).map((value) => ({
            label: HARSHNESS_LABEL[value],
            value,
            description: descriptions[value],
            default: draft.harshness === value,
          })),
        ),
    ),
  ];
  if (draft.harshness === "harsh") {
    rows.push(
      new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(
        new StringSelectMenuBuilder()
          .setCustomId(id(CREATE_ACTION.harshBonus, sessionId))
          .setPlaceholder("Harsh upbringing: +1 to STR or CON?")
          .addOptions(
            (["STR", "CON"] as const).map((value) => ({
              label: `+1 ${value}`,
              value,
              default: draft.harshBonusStat === value,
            })),
          ),
      ),
    );
  }
  return rows;
}

function methodRows(sessionId: string, session: CreationSession): Row[] {
  const stats = session.draft.stats;
  const rollLabel =
    session.rolls === null
      ? "🎲 Roll 4D6 (drop lowest) ×6"
      : `🎲 My rolls: ${session.rolls.join(" · ")}`;
  return [
    new ActionRowBuilder<ButtonBuilder>().addComponents(
      button(id(CREATE_ACTION.method, sessionId, "rolled"), rollLabel, stats?.method === "rolled"),
      button(
        id(CREATE_ACTION.method, sessionId, "points"),
        `Divide ${STAT_POINT_TOTAL} points`,
        stats?.method === "points",
      ),
    ),
    new ActionRowBuilder<ButtonBuilder>().addComponents(
      ASSIGNABLE_SET_IDS.map((setId) => {
        const set = ASSIGNABLE_SETS[setId];
        return button(
          id(CREATE_ACTION.method, sessionId, setId),
          `${set.name}: ${set.values.join(" · ")}`,
          stats?.method === "set" && stats.set === setId,
        );
      }),
    ),
  ];
}

function archetypeRows(sessionId: string, session: CreationSession): Row[] {
  const { archetypes } = session.catalog;
  const pages = Math.max(1, Math.ceil(archetypes.length / SELECT_MAX));
  const page = Math.min(Math.max(0, session.archetypePage), pages - 1);
  const shown = archetypes.slice(page * SELECT_MAX, (page + 1) * SELECT_MAX);
  const rows: Row[] = [
    new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(
      new StringSelectMenuBuilder()
        .setCustomId(id(CREATE_ACTION.archetype, sessionId))
        .setPlaceholder("Choose an archetype")
        .addOptions(
          shown.map((a) => ({
            label: truncate(a.name, 100),
            value: a.id,
            description: truncate(
              `Resources ${a.resources} · ${a.bonds} Bonds${a.recommendedStats.length > 0 ? ` · recommends ${a.recommendedStats.join(", ")}` : ""}`,
              100,
            ),
            default: session.draft.archetypeId === a.id,
          })),
        ),
    ),
  ];
  if (pages > 1) {
    rows.push(
      new ActionRowBuilder<ButtonBuilder>().addComponents(
        button(
          id(CREATE_ACTION.archetypePage, sessionId, page - 1),
          "◀ Previous archetypes",
        ).setDisabled(page === 0),
        button(
          id(CREATE_ACTION.archetypePage, sessionId, page + 1),
          "More archetypes ▶",
        ).setDisabled(page >= pages - 1),
      ),
    );
  }
  return rows;
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

/** The specialisations the player can name now: the archetype's own, then chosen "(Type)" picks. */
export function specialisationFields(
  session: CreationSession,
): { fieldId: string; label: string; value: string }[] {
  const archetype = archetypeOf(session);
  const named = session.draft.archetypeSpecialisations ?? {};
  const own = typedArchetypeSkills(session).map((skill) => {
    const rating = archetype?.skills.find((s) => parseSkillName(s.skill).name === skill)?.rating;
    return {
      fieldId: `a-${skill}`,
      label: `${skill} (archetype skill${rating === undefined ? "" : `, ${rating}%`})`,
      value: named[skill] ?? "",
    };
  });
  const picks = (session.draft.optionalSkills ?? []).flatMap((pick, index) => {
    const parsed = parseSkillName(pick);
    const typed = needsSpecialisation(session.catalog, pick) || parsed.specialisation !== null;
    return typed
      ? [
          {
            fieldId: `o-${index}`,
            label: `${parsed.name} (chosen skill)`,
            value: parsed.specialisation ?? "",
          },
        ]
      : [];
  });
  // Unnamed ones first: a form holds five fields.
  return [...own, ...picks].sort((a, b) => Number(a.value !== "") - Number(b.value !== ""));
}

function archetypeSkillRows(sessionId: string, session: CreationSession): Row[] {
  const archetype = archetypeOf(session);
  const rows: Row[] = [];
  if (archetype !== undefined && archetype.optionalSkillCount > 0) {
    const matched = matchedOptionalEntries(session);
    const count = Math.min(archetype.optionalSkillCount, SELECT_MAX);
    rows.push(
      new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(
        new StringSelectMenuBuilder()
          .setCustomId(id(CREATE_ACTION.optional, sessionId))
          .setPlaceholder(`Choose ${count} skills`)
          .setMinValues(count)
          .setMaxValues(count)
          .addOptions(
            archetype.optionalSkills.slice(0, SELECT_MAX).map((entry, index) => ({
              label: truncate(`${matched.get(index) ?? entry.skill} ${entry.rating}%`, 100),
              value: String(index),
              default: matched.has(index),
            })),
          ),
      ),
    );
  }
  if (specialisationFields(session).length > 0) {
    rows.push(
      new ActionRowBuilder<ButtonBuilder>().addComponents(
        button(id(CREATE_ACTION.specialisations, sessionId), "Name specialisations…", true),
      ),
    );
  }
  return rows;
}

function resourcesRow(sessionId: string, session: CreationSession): Row {
  const base = archetypeOf(session)?.resources ?? 0;
  const resources = session.draft.resources ?? { tradeInPicks: 0, zero: false };
  const current = resources.zero ? "zero" : String(resources.tradeInPicks);
  const options = [
    { label: `Keep the archetype's Resources (${base})`, value: "0" },
    { label: "Set Resources to 0 (+1 bonus pick)", value: "zero" },
    ...Array.from({ length: MAX_RESOURCE_TRADE_IN }, (_, i) => i + 1).map((picks) => ({
      label: `Trade ${picks} pick${picks === 1 ? "" : "s"}: Resources ${base + tradeInBonus(picks)}`,
      value: String(picks),
    })),
  ];
  return new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(
    new StringSelectMenuBuilder()
      .setCustomId(id(CREATE_ACTION.resources, sessionId))
      .setPlaceholder("Resources")
      .addOptions(options.map((o) => ({ ...o, default: o.value === current }))),
  );
}

function stepRows(sessionId: string, session: CreationSession): Row[] {
  switch (session.step) {
    case "upbringing":
      return upbringingRows(sessionId, session);
    case "stat-method":
      return methodRows(sessionId, session);
    case "stat-values":
      return [
        new ActionRowBuilder<ButtonBuilder>().addComponents(
          button(id(CREATE_ACTION.stats, sessionId), "Enter stats…", true),
        ),
      ];
    case "archetype":
      return archetypeRows(sessionId, session);
    case "archetype-skills":
      return archetypeSkillRows(sessionId, session);
    case "adversity":
      return [
        new ActionRowBuilder<ButtonBuilder>().addComponents(
          button(id(CREATE_ACTION.adversity, sessionId), "Enter adversity picks…", true),
        ),
      ];
    case "bonds":
      return [
        new ActionRowBuilder<ButtonBuilder>().addComponents(
          button(id(CREATE_ACTION.bonds, sessionId), "Describe Bonds…", true),
        ),
      ];
    case "picks":
      return [
        resourcesRow(sessionId, session),
        new ActionRowBuilder<ButtonBuilder>().addComponents(
          button(id(CREATE_ACTION.picks, sessionId), "Enter bonus picks…", true),
        ),
      ];
    case "review":
      return [];
  }
}

/** The flow's message for the session's current step: instructions, running preview, controls. */
export function creationMessage(
  sessionId: string,
  session: CreationSession,
  preview: CreationPreview & { era: Era },
): CreationMessage {
  const steps = stepsOf(session.draft);
  const position = steps.indexOf(session.step) + 1;
  const heading = `**Step ${position} of ${steps.length} · ${STEP_TITLE[session.step]}.** ${instruction(session)}`;
  const notice = session.notice === null ? "" : `\n\n⚠️ ${session.notice}`;
  return {
    content: truncate(`${heading}${notice}`, 2000),
    embeds: [creationPreviewEmbed({ draft: session.draft, era: preview.era, preview })],
    components: [...stepRows(sessionId, session), navigationRow(sessionId, session)],
  };
}

// ---- forms ----

function form(action: string, sessionId: string, title: string): ModalBuilder {
  return new ModalBuilder().setCustomId(id(action, sessionId)).setTitle(truncate(title, 45));
}

export const FORM_FIELD = {
  name: "name",
  stats: "stats",
  bonds: "bonds",
  picks: "picks",
  adversity: (index: number) => `pick${index}`,
} as const;

export function nameForm(sessionId: string, current: string | undefined): ModalBuilder {
  return form(CREATE_ACTION.name, sessionId, "Name your Protagonist").addLabelComponents((label) =>
    label
      .setLabel("Name")
      .setDescription("As it appears in lists and rolls; unique in the campaign.")
      .setTextInputComponent((input) => {
        input
          .setCustomId(FORM_FIELD.name)
          .setStyle(TextInputStyle.Short)
          .setMinLength(1)
          .setMaxLength(100)
          .setRequired(true);
        return current ? input.setValue(current) : input;
      }),
  );
}

/** A starting text for the stats form: the values to place, in order, ready to rearrange. */
function statsStartingText(session: CreationSession): string {
  const stats = session.draft.stats;
  if (stats === undefined) return formatStats({});
  if (Object.keys(stats.assignment).length > 0) return formatStats(stats.assignment);
  const values =
    stats.method === "rolled"
      ? stats.rolls
      : stats.method === "set"
        ? ASSIGNABLE_SETS[stats.set].values
        : Array.from({ length: 6 }, () => STAT_POINT_TOTAL / 6);
  return formatStats({
    STR: values[0],
    DEX: values[1],
    CON: values[2],
    INT: values[3],
    POW: values[4],
    CHA: values[5],
  });
}

export function statsForm(sessionId: string, session: CreationSession): ModalBuilder {
  const stats = session.draft.stats;
  const description =
    stats?.method === "rolled"
      ? `Place your rolls ${rollsText(stats.rolls)}, one per stat.`
      : stats?.method === "set"
        ? `Place ${rollsText(ASSIGNABLE_SETS[stats.set].values)}, one per stat.`
        : `${STAT_POINT_TOTAL} points in all; each stat from ${STAT_MIN} to ${STAT_MAX}.`;
  return form(CREATE_ACTION.stats, sessionId, "Your stats").addLabelComponents((label) =>
    label
      .setLabel("One stat per line: STR 12")
      .setDescription(truncate(description, 100))
      .setTextInputComponent((input) =>
        input
          .setCustomId(FORM_FIELD.stats)
          .setStyle(TextInputStyle.Paragraph)
          .setMaxLength(200)
          .setRequired(true)
          .setValue(session.typed.stats ?? statsStartingText(session)),
      ),
  );
}

export function specialisationForm(sessionId: string, session: CreationSession): ModalBuilder {
  const modal = form(CREATE_ACTION.specialisations, sessionId, "Name the specialisations");
  for (const field of specialisationFields(session).slice(0, 5)) {
    modal.addLabelComponents((label) =>
      label
        .setLabel(truncate(field.label, 45))
        .setDescription("The kind: Painting, Carpentry, French, Biology, Desert…")
        .setTextInputComponent((input) => {
          input
            .setCustomId(field.fieldId)
            .setStyle(TextInputStyle.Short)
            .setMaxLength(80)
            .setRequired(true);
          return field.value ? input.setValue(field.value) : input;
        }),
    );
  }
  return modal;
}

export function adversityForm(sessionId: string, session: CreationSession): ModalBuilder {
  const count = adversityPickCount(session.draft.harshness ?? "normal");
  const modal = form(CREATE_ACTION.adversity, sessionId, "Adversity picks");
  for (let index = 0; index < count; index += 1) {
    const current = session.draft.adversitySkills?.[index];
    modal.addLabelComponents((label) =>
      label
        .setLabel(`Adversity pick ${index + 1} (+20)`)
        .setDescription(truncate(session.catalog.adversitySkills.join(", "), 100))
        .setTextInputComponent((input) => {
          input
            .setCustomId(FORM_FIELD.adversity(index))
            .setStyle(TextInputStyle.Short)
            .setMaxLength(120)
            .setPlaceholder("e.g. First Aid or Survival (Desert)")
            .setRequired(true);
          return current ? input.setValue(current) : input;
        }),
    );
  }
  return modal;
}

export function bondsForm(sessionId: string, session: CreationSession): ModalBuilder {
  const text = session.typed.bonds ?? formatBondLines(session.draft.bonds ?? []);
  return form(CREATE_ACTION.bonds, sessionId, "Your Bonds").addLabelComponents((label) =>
    label
      .setLabel(`Bonds, one per line (${archetypeOf(session)?.bonds ?? "?"})`)
      .setDescription("Name | individual — or — Name | community (add | 2 picks, or | at 1)")
      .setTextInputComponent((input) => {
        input
          .setCustomId(FORM_FIELD.bonds)
          .setStyle(TextInputStyle.Paragraph)
          .setMaxLength(2000)
          .setPlaceholder("Her brother Tom | individual\nSt. Mary's parish | community")
          .setRequired(true);
        return text ? input.setValue(text) : input;
      }),
  );
}

export function picksForm(sessionId: string, session: CreationSession): ModalBuilder {
  const text = session.typed.picks ?? formatSkillLines(session.draft.bonusSkills ?? []);
  return form(CREATE_ACTION.picks, sessionId, "Bonus picks").addLabelComponents((label) =>
    label
      .setLabel("One skill per line (+20 each)")
      .setDescription("Occult ×2 takes two picks. Name the kind: Science (Biology).")
      .setTextInputComponent((input) => {
        input
          .setCustomId(FORM_FIELD.picks)
          .setStyle(TextInputStyle.Paragraph)
          .setMaxLength(2000)
          .setPlaceholder("Search\nOccult ×2\nForeign Language (Latin)")
          // Empty is allowed: every pick may go to trade-ins.
          .setRequired(false);
        return text ? input.setValue(text) : input;
      }),
  );
}
