import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  StringSelectMenuBuilder,
  type EmbedBuilder,
} from "discord.js";
import {
  pickBudget,
  tradeInBonus,
  type CreationDraft,
  type CreationPreview,
} from "../rules/creation/index.js";
import type { Era } from "../rules/types.js";
import { plural } from "./creation-words.js";
import {
  archetypeOf,
  pendingChoices,
  readyToCreate,
  rollsByStat,
  sectionDone,
  suggestedStats,
  CREATION_SECTIONS,
  type CreationSection,
  type CreationSession,
  type PendingChoice,
} from "../creation/session.js";
import { truncate, userText } from "../../../core/discord/format.js";
import { CREATE_ACTION, flowCustomId } from "./creation-ids.js";
import { SELECT_MAX, archetypeSummary } from "./creation-forms.js";
import { specialisationFields } from "./creation-skills-form.js";
import { creationPreviewEmbed } from "./creation-preview.js";

/** Bonus picks a player may trade for Resources in the menu, at most. */
const MAX_RESOURCE_TRADE_IN = 10;
const CONTENT_MAX = 2000;

/** Everything the flow says outside its message's body. */
export const CREATION_TEXT = {
  expired:
    "This creation expired (drafts are kept for 30 minutes, and not across bot restarts). Run `/protagonist create` again.",
  notYours: "This creation isn't yours. Run `/protagonist create` to make your own Protagonist.",
  outdated: "This preview is out of date — use the latest one. Nothing was changed.",
  outdatedForm:
    "This form came from a preview that is now out of date — nothing was changed. What you typed is kept: open the form again from the latest preview.",
  alreadyCreated: (name: string) =>
    `**${userText(name)}** is already created — \`/protagonist show\` to see the sheet.`,
  cancelled: "Creation cancelled; nothing was saved.",
  nothingToAsk:
    "Fill in the **Basics…** first: the stat method and the archetype decide what this form asks.",
  nothingToName:
    "Every (Type) skill already has its kind; change them under **Stats and skills…**.",
  choicesCleared: "The skill choices of the previous archetype were cleared.",
  unmatchedKind: (skill: string) =>
    `You named a kind of ${userText(skill)}, but chose no ${userText(skill)} (Type) skill from the list; that line was left out.`,
  created: (name: string, selected: boolean) =>
    `✅ **${userText(name)}** is created.${selected ? " You now play them in this campaign." : ""} See the sheet any time with \`/protagonist show\`.`,
  joined: (name: string, archetype: string, campaign: string, ownerId: string) =>
    `🆕 **${userText(name)}** (${archetype}) joins **${userText(campaign)}**, played by <@${ownerId}>.`,
} as const;

const SECTION_BUTTON: Readonly<Record<CreationSection, string>> = {
  basics: "Basics…",
  skills: "Stats and skills…",
  picks: "Bonds and picks…",
};

type Row = ActionRowBuilder<ButtonBuilder> | ActionRowBuilder<StringSelectMenuBuilder>;

export interface CreationMessage {
  content: string;
  embeds: EmbedBuilder[];
  components: Row[];
}

function pendingText(choice: PendingChoice, session: CreationSession): string {
  const where = `**${SECTION_BUTTON[choice.section]}**`;
  switch (choice.kind) {
    case "name":
      return `Name your Protagonist — ${where}`;
    case "upbringing":
      return `Choose an upbringing — ${where}`;
    case "method":
      return `Choose how to make your stats — ${where}`;
    case "archetype":
      return session.catalog.archetypes.length > SELECT_MAX
        ? "Choose an archetype in the menu below"
        : `Choose an archetype — ${where}`;
    case "stats":
      return `Place your six stats — ${where}`;
    case "optional":
      return `Choose ${choice.wanted} of your archetype's skills (you have ${choice.chosen}) — ${where}`;
    case "kinds":
      return `Name the kind of ${choice.skills.join(", ")} — ${where}`;
    case "adversity":
      return `Make ${plural(choice.wanted, "adversity pick")} (you have ${choice.given}) — ${where}`;
    case "bonds":
      return `Describe ${plural(choice.wanted, "Bond")} (you have ${choice.given}) — ${where}`;
    case "bonus":
      return `Spend ${plural(choice.remaining, "more bonus pick")} on skills, or trade them for Resources or Community Bonds — ${where}`;
  }
}

function contentOf(
  session: CreationSession,
  pending: readonly PendingChoice[],
  preview: CreationPreview,
): string {
  const notices = session.notices.map((notice) => `⚠️ ${notice}`);
  const status =
    pending.length > 0
      ? ["**Still to do**", ...pending.map((choice) => `• ${pendingText(choice, session)}`)].join(
          "\n",
        )
      : preview.violations.length > 0
        ? "Fix what the preview lists under **To fix**, then press **Create Protagonist**."
        : "✅ **Ready.** Check the preview, then press **Create Protagonist**.";
  const intro =
    "📝 **Your new Protagonist** (only you see this). Fill in the parts in any order; the preview follows.";
  return truncate([...notices, intro, status].join("\n\n"), CONTENT_MAX);
}

function sectionRow(
  id: string,
  session: CreationSession,
  pending: readonly PendingChoice[],
  preview: CreationPreview,
): ActionRowBuilder<ButtonBuilder> {
  const next = CREATION_SECTIONS.find((section) => !sectionDone(section, pending, preview));
  const row = new ActionRowBuilder<ButtonBuilder>();
  for (const section of CREATION_SECTIONS) {
    const done = sectionDone(section, pending, preview);
    const button = new ButtonBuilder()
      .setCustomId(flowCustomId(CREATE_ACTION[section], id, session.version))
      .setLabel(SECTION_BUTTON[section])
      .setStyle(section === next ? ButtonStyle.Primary : ButtonStyle.Secondary);
    if (done) button.setEmoji("✅");
    row.addComponents(button);
  }
  if (specialisationFields(session).some((field) => field.value === "")) {
    row.addComponents(
      new ButtonBuilder()
        .setCustomId(flowCustomId(CREATE_ACTION.kinds, id, session.version))
        .setLabel("Name specialisations…")
        .setStyle(ButtonStyle.Secondary),
    );
  }
  return row;
}

/** Resources options: only trade-ins the picks left can pay for (and the current one). */
function resourcesRow(id: string, session: CreationSession, base: number): Row {
  const { draft } = session;
  const resources = draft.resources ?? { tradeInPicks: 0, zero: false };
  const current = resources.zero ? "zero" : String(resources.tradeInPicks);
  const affordable = (picks: number) =>
    String(picks) === current ||
    pickBudget({ ...draft, resources: { tradeInPicks: picks, zero: false } }).remaining >= 0;
  const trades = Array.from({ length: MAX_RESOURCE_TRADE_IN }, (_, i) => i + 1).filter(affordable);
  const options = [
    { label: `Keep the archetype's Resources (${base})`, value: "0" },
    { label: "Set Resources to 0 (+1 bonus pick)", value: "zero" },
    ...trades.map((picks) => ({
      label: `Trade ${plural(picks, "bonus pick")}: Resources ${base + tradeInBonus(picks)}`,
      value: String(picks),
    })),
  ];
  return new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(
    new StringSelectMenuBuilder()
      .setCustomId(flowCustomId(CREATE_ACTION.resources, id, session.version))
      .setPlaceholder("Resources: trade bonus picks for more, or take 0 for an extra pick")
      .addOptions(options.map((o) => ({ ...o, default: o.value === current }))),
  );
}

/** For campaigns with more archetypes than a menu holds: a paged menu on the message. */
function archetypeRows(id: string, session: CreationSession): Row[] {
  const { archetypes } = session.catalog;
  const pages = Math.ceil(archetypes.length / SELECT_MAX);
  const page = Math.min(Math.max(0, session.archetypePage), pages - 1);
  const shown = archetypes.slice(page * SELECT_MAX, (page + 1) * SELECT_MAX);
  const pageButton = (to: number, label: string) =>
    new ButtonBuilder()
      .setCustomId(flowCustomId(CREATE_ACTION.archetypePage, id, session.version, to))
      .setLabel(label)
      .setStyle(ButtonStyle.Secondary);
  return [
    new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(
      new StringSelectMenuBuilder()
        .setCustomId(flowCustomId(CREATE_ACTION.archetype, id, session.version))
        .setPlaceholder("Choose an archetype")
        .addOptions(
          shown.map((a) => ({
            label: truncate(a.name, 100),
            value: a.id,
            description: truncate(archetypeSummary(a), 100),
            default: session.draft.archetypeId === a.id,
          })),
        ),
    ),
    new ActionRowBuilder<ButtonBuilder>().addComponents(
      pageButton(page - 1, "◀ Previous archetypes").setDisabled(page === 0),
      pageButton(page + 1, "More archetypes ▶").setDisabled(page >= pages - 1),
    ),
  ];
}

function finishRow(id: string, session: CreationSession, ready: boolean): Row {
  return new ActionRowBuilder<ButtonBuilder>().addComponents(
    new ButtonBuilder()
      .setCustomId(flowCustomId(CREATE_ACTION.confirm, id, session.version))
      .setLabel("Create Protagonist")
      .setEmoji("✅")
      .setStyle(ButtonStyle.Success)
      .setDisabled(!ready),
    new ButtonBuilder()
      .setCustomId(flowCustomId(CREATE_ACTION.cancel, id, session.version))
      .setLabel("Cancel")
      .setStyle(ButtonStyle.Danger),
  );
}

function rollsShown(session: CreationSession, draft: CreationDraft) {
  return session.rolls === null || draft.stats?.method !== "rolled"
    ? undefined
    : rollsByStat(session.rolls, suggestedStats(session));
}

/** The flow's one message: what is still to do, the running preview, and the controls. */
export function creationMessage(
  id: string,
  session: CreationSession,
  preview: CreationPreview & { era: Era },
): CreationMessage {
  const pending = pendingChoices(session, preview);
  const archetype = archetypeOf(session);
  const components: Row[] = [sectionRow(id, session, pending, preview)];
  if (archetype !== undefined) components.push(resourcesRow(id, session, archetype.resources));
  if (session.catalog.archetypes.length > SELECT_MAX) {
    components.push(...archetypeRows(id, session));
  }
  components.push(finishRow(id, session, readyToCreate(pending, preview)));
  return {
    content: contentOf(session, pending, preview),
    embeds: [
      creationPreviewEmbed({
        draft: session.draft,
        era: preview.era,
        preview,
        rolls: rollsShown(session, session.draft),
      }),
    ],
    components,
  };
}
