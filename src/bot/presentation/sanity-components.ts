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
import type { ProjectableBond } from "../../services/sanity-queries.js";
import { customId } from "../custom-id.js";
import { finished, truncate, userText, type Finished } from "../format.js";

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
  /** Button: Flee, Struggle or Submit. */
  react: "react",
  /** Group test menu: whose loss to project (opens a private Bond menu). */
  pickProject: "pick-project",
  /** Group test menu: who reacts (opens private Flee/Struggle/Submit buttons). */
  pickReact: "pick-react",
} as const;

export const REACTIONS = ["flee", "struggle", "submit"] as const;
export type Reaction = (typeof REACTIONS)[number];

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
function buttonRow(...buttons: APIButtonComponent[]): ButtonRow {
  return finished({ type: ComponentType.ActionRow, components: buttons });
}

function button(
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
  );
}

/** Discord menus hold at most 25 options. */
const MENU_OPTIONS = 25;

/** The menu of Bonds to project onto, with a way back. */
export function bondMenuRows(eventId: number, bonds: readonly ProjectableBond[]): Row[] {
  const menu = new StringSelectMenuBuilder()
    .setCustomId(customId(SAN_COMMAND, SAN_ACTIONS.bond, eventId))
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

/** Under one SAN result: projection while it is possible, reactions while temporarily insane. */
export function sanResultRows(options: {
  eventId: number;
  projectable: boolean;
  temporaryInsanity: boolean;
}): ButtonRow[] {
  return [
    ...(options.projectable ? [projectButtonRow(options.eventId)] : []),
    ...(options.temporaryInsanity ? [reactionRow(options.eventId)] : []),
  ];
}

export interface GroupChoice {
  eventId: number;
  name: string;
  lost: number;
  projectable: boolean;
  temporaryInsanity: boolean;
}

/** Under a group test: one menu to project someone's loss, one for the temporarily insane. */
export function groupRows(choices: readonly GroupChoice[]): Row[] {
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
          .setCustomId(customId(SAN_COMMAND, SAN_ACTIONS.pickProject))
          .setPlaceholder("🔗 Project a SAN loss onto a Bond…")
          .addOptions(projectable.map(option)),
      ),
    );
  }
  if (insane.length) {
    rows.push(
      row(
        new StringSelectMenuBuilder()
          .setCustomId(customId(SAN_COMMAND, SAN_ACTIONS.pickReact))
          .setPlaceholder("😱 Temporarily insane: Flee, Struggle or Submit…")
          .addOptions(insane.map(option)),
      ),
    );
  }
  return rows;
}
