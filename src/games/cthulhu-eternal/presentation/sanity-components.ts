import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  ComponentType,
  StringSelectMenuBuilder,
  type APIActionRowComponent,
  type APIButtonComponent,
  type MessageActionRowComponentBuilder,
} from "discord.js";
import { INSANITY_REACTIONS, type InsanityReaction } from "../rules/sanity/index.js";
import type { ProjectableBond } from "../services/sanity-queries.js";
import { customId } from "../../../core/discord/custom-id.js";
import { finished, truncate, userText, type Finished } from "../../../core/discord/format.js";

/**
 * Buttons and menus under SAN results. Their custom ids route to the /san command module, so
 * /bond can show them too; each carries the SAN test's event id and nothing else to trust.
 */
export const SAN_COMMAND = "san";

export const SAN_ACTIONS = {
  /** Button: open the Bond menu in place of the button. */
  project: "project",
  /** Menu: the Bond chosen, projects the loss. */
  bond: "bond",
  /** Button: close the Bond menu without projecting. */
  cancel: "cancel",
  /** Button: Flee, Struggle or Submit (the first pressed stands). */
  react: "react",
  /** Button (GM): the episode of temporary insanity is over. */
  endEpisode: "calm",
  /** Group test menu: whose loss to project (opens a private Bond menu). */
  pickProject: "pick-project",
  /** Group test menu: who reacts (opens private Flee/Struggle/Submit buttons). */
  pickReact: "pick-react",
} as const;

export const REACTIONS = INSANITY_REACTIONS;
export type Reaction = InsanityReaction;

export const REACTION_LABEL: Readonly<Record<Reaction, string>> = {
  flee: "Flee",
  struggle: "Struggle",
  submit: "Submit",
};

const REACTION_EMOJI: Readonly<Record<Reaction, string>> = {
  flee: "🏃",
  struggle: "👊",
  submit: "🫥",
};

/** What the channel reads when the player picks (a narrative choice: nothing on the sheet changes). */
export function reactionAnnouncement(name: string, reaction: Reaction): string {
  const what: Record<Reaction, string> = {
    flee: "flees, running from the threat with everything they have",
    struggle: "struggles, lashing out at the threat",
    submit: "submits, collapsing or freezing in the face of the threat",
  };
  return `${REACTION_EMOJI[reaction]} **${userText(name)}**, temporarily insane, ${what[reaction]}. The GM narrates what follows.`;
}

/** What a later press on the same episode is told, privately. */
export function alreadyReacted(name: string, reaction: Reaction): string {
  return `**${userText(name)}** already chose to **${REACTION_LABEL[reaction]}** in this episode; that choice stands.`;
}

/** The table hears that the GM ended an episode. */
export function episodeEndedAnnouncement(name: string): string {
  return `🧘 **${userText(name)}**'s episode of temporary insanity is over.`;
}

type Row = ActionRowBuilder<MessageActionRowComponentBuilder>;

function row(...components: MessageActionRowComponentBuilder[]): Row {
  return new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(...components);
}

/** A row of buttons as finished data. */
export type ButtonRow = Finished<APIActionRowComponent<APIButtonComponent>>;

/**
 * The rows under every SAN test's answer are built as data: discord.js's builders copy their
 * data through a camelCase → snake_case walk and their setters run validators even with
 * validation off (~25 µs a button; see builtEmbed).
 */
export function buttonRow(...buttons: APIButtonComponent[]): ButtonRow {
  return finished({ type: ComponentType.ActionRow, components: buttons });
}

export function button(
  custom: string,
  label: string,
  style: ButtonStyle.Primary | ButtonStyle.Secondary | ButtonStyle.Danger,
  emoji: string,
): APIButtonComponent {
  return {
    type: ComponentType.Button,
    custom_id: custom,
    label,
    style,
    emoji: { name: emoji, animated: false },
  };
}

export function projectButtonRow(eventId: number): ButtonRow {
  return buttonRow(
    button(
      customId(SAN_COMMAND, SAN_ACTIONS.project, eventId),
      "Project onto a Bond",
      ButtonStyle.Primary,
      "🔗",
    ),
  );
}

function endEpisodeButton(eventId: number): APIButtonComponent {
  return button(
    customId(SAN_COMMAND, SAN_ACTIONS.endEpisode, eventId),
    "Episode over (GM)",
    ButtonStyle.Secondary,
    "🧘",
  );
}

/** Flee, Struggle or Submit for the player, and a way for the GM to end the episode. */
export function reactionRow(eventId: number): ButtonRow {
  return buttonRow(
    ...REACTIONS.map((reaction) =>
      button(
        customId(SAN_COMMAND, SAN_ACTIONS.react, eventId, reaction),
        REACTION_LABEL[reaction],
        reaction === "struggle" ? ButtonStyle.Danger : ButtonStyle.Secondary,
        REACTION_EMOJI[reaction],
      ),
    ),
    endEpisodeButton(eventId),
  );
}

/** Once the reaction is chosen: only the GM's way to end the episode. */
export function episodeRow(eventId: number): ButtonRow {
  return buttonRow(endEpisodeButton(eventId));
}

/** Discord menus hold at most 25 options. */
const MENU_OPTIONS = 25;

/** A group test's tests (consecutive event ids), and the message that shows them. */
export interface GroupRef {
  firstEventId: number;
  size: number;
}

/** The group's summary message: refreshed in place after a projection from a private menu. */
export interface GroupMessageRef extends GroupRef {
  messageId: string;
}

/** The menu of Bonds to project onto, with a way back. */
export function bondMenuRows(
  eventId: number,
  bonds: readonly ProjectableBond[],
  group?: GroupMessageRef,
): Row[] {
  const groupArgs = group ? [group.firstEventId, group.size, group.messageId] : [];
  const menu = new StringSelectMenuBuilder()
    .setCustomId(customId(SAN_COMMAND, SAN_ACTIONS.bond, eventId, ...groupArgs))
    .setPlaceholder("Project the loss onto which Bond?")
    .addOptions(
      bonds.slice(0, MENU_OPTIONS).map((b) => ({
        label: truncate(b.name, 100),
        description: `${b.kind}, score ${b.score}`,
        value: b.id,
      })),
    );
  const cancel = new ButtonBuilder()
    .setCustomId(customId(SAN_COMMAND, SAN_ACTIONS.cancel, eventId))
    .setLabel("Keep the loss")
    .setStyle(ButtonStyle.Secondary);
  return [row(menu), row(cancel)];
}

/**
 * Under one SAN result: projection while it is possible; while temporarily insane, the reactions
 * until one is chosen, then the GM's "episode over" until the episode ends.
 */
export function sanResultRows(options: {
  eventId: number;
  projectable: boolean;
  temporaryInsanity: boolean;
  reaction?: Reaction | null;
  episodeOpen?: boolean;
}): ButtonRow[] {
  const rows = options.projectable ? [projectButtonRow(options.eventId)] : [];
  if (!options.temporaryInsanity || options.episodeOpen === false) return rows;
  const chosen = (options.reaction ?? null) !== null;
  return [...rows, chosen ? episodeRow(options.eventId) : reactionRow(options.eventId)];
}

export interface GroupChoice {
  eventId: number;
  name: string;
  lost: number;
  projectable: boolean;
  temporaryInsanity: boolean;
}

/** Under a group test: one menu to project someone's loss, one for the temporarily insane. */
export function groupRows(choices: readonly GroupChoice[], group: GroupRef): Row[] {
  const groupArgs = [group.firstEventId, group.size];
  const option = (c: GroupChoice) => ({
    label: truncate(c.name, 100),
    description: `lost ${c.lost} SAN`,
    value: String(c.eventId),
  });
  const projectable = choices.filter((c) => c.projectable).slice(0, MENU_OPTIONS);
  const insane = choices.filter((c) => c.temporaryInsanity).slice(0, MENU_OPTIONS);
  const rows: Row[] = [];
  if (projectable.length) {
    rows.push(
      row(
        new StringSelectMenuBuilder()
          .setCustomId(customId(SAN_COMMAND, SAN_ACTIONS.pickProject, ...groupArgs))
          .setPlaceholder("🔗 Project a SAN loss onto a Bond…")
          .addOptions(projectable.map(option)),
      ),
    );
  }
  if (insane.length) {
    rows.push(
      row(
        new StringSelectMenuBuilder()
          .setCustomId(customId(SAN_COMMAND, SAN_ACTIONS.pickReact, ...groupArgs))
          .setPlaceholder("😱 Temporarily insane: Flee, Struggle or Submit…")
          .addOptions(insane.map(option)),
      ),
    );
  }
  return rows;
}
