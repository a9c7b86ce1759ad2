/**
 * The machinery of the guided creation flow: finding a component's draft and checking who pressed
 * it and on which version of the message, one interaction per draft at a time, and rendering the
 * flow's one message after each change.
 */
import { eternalUserMessageOf } from "../presentation/refusals.js";
import {
  ComponentType,
  type AnySelectMenuInteraction,
  type ButtonInteraction,
  type ModalSubmitInteraction,
} from "discord.js";
import type { CreationDraft, CreationPreview } from "../rules/creation/index.js";
import type { Era } from "../rules/types.js";
import { actorFrom } from "../../../core/discord/actor.js";
import type { ComponentContext, ComponentHandler } from "../command.js";
import { TYPED_FIELDS, creationDrafts, type CreationSession } from "./session.js";
import { CREATION_TEXT, creationMessage } from "../presentation/creation-message.js";

export type FlowInteraction = ButtonInteraction | AnySelectMenuInteraction | ModalSubmitInteraction;

export interface Flow {
  readonly id: string;
  readonly session: CreationSession;
  /** The custom id's arguments after the draft id and version. */
  readonly args: readonly string[];
}

/** What a submitted form holds, read the same whether Discord sent labels or action rows. */
export interface FormValues {
  /** A text field's value; undefined when the form has no such field. */
  text(fieldId: string): string | undefined;
  /** A select menu's chosen values; empty when the form has no such menu. */
  choices(fieldId: string): readonly string[];
  readonly fieldIds: readonly string[];
}

export function formValues(interaction: Pick<ModalSubmitInteraction, "fields">): FormValues {
  const fields = interaction.fields.fields;
  return {
    text(fieldId) {
      const field = fields.get(fieldId);
      return field?.type === ComponentType.TextInput ? field.value : undefined;
    },
    choices(fieldId) {
      const field = fields.get(fieldId);
      return field?.type === ComponentType.StringSelect ? field.values : [];
    },
    fieldIds: [...fields.keys()],
  };
}

/** Interactions of one draft run one after another: a double click can't create twice. */
const running = new Map<string, Promise<void>>();

async function oneAtATime(id: string, work: () => Promise<void>): Promise<void> {
  const before = running.get(id) ?? Promise.resolve();
  const mine = before.then(work, work);
  const tail = mine.catch(() => undefined);
  running.set(id, tail);
  try {
    await mine;
  } finally {
    if (running.get(id) === tail) running.delete(id);
  }
}

async function refuse(context: ComponentContext, content: string): Promise<void> {
  await context.reply.send({ content, ephemeral: true });
}

/**
 * Runs a handler on its draft once it is sure the press counts: the draft exists, belongs to the
 * one pressing, isn't created yet, and the press came from the current version of its message.
 * A form from an outdated message keeps its text for the next time the form opens.
 */
export function flowHandler<I extends FlowInteraction>(
  handler: (interaction: I, context: ComponentContext, flow: Flow) => Promise<void>,
): ComponentHandler<I> {
  return async (interaction, context) => {
    const [id = "", version = "", ...args] = context.args;
    const session = creationDrafts.get(id);
    if (session === undefined) return refuse(context, CREATION_TEXT.expired);
    if (session.userId !== interaction.user.id || session.guildId !== interaction.guildId) {
      return refuse(context, CREATION_TEXT.notYours);
    }
    await oneAtATime(id, async () => {
      if (session.created !== null) {
        return refuse(context, CREATION_TEXT.alreadyCreated(session.created.name));
      }
      if (version !== String(session.version)) {
        if (!interaction.isModalSubmit()) return refuse(context, CREATION_TEXT.outdated);
        const values = formValues(interaction);
        for (const field of TYPED_FIELDS) {
          const text = values.text(field);
          if (text !== undefined) session.typed[field] = text;
        }
        return refuse(context, CREATION_TEXT.outdatedForm);
      }
      await handler(interaction, context, { id, session, args });
    });
  };
}

export async function previewOf(
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

/** Shows the flow's message, a new version of it: the old version's components stop working. */
export async function render(
  context: ComponentContext,
  flow: Flow,
  preview: CreationPreview & { era: Era },
): Promise<void> {
  const { session } = flow;
  const next = { ...session, version: session.version + 1 };
  await context.reply.edit({ ...creationMessage(flow.id, next, preview), ephemeral: true });
  session.version = next.version;
  session.notices = [];
}

/**
 * Applies a change to the draft and shows the result. A change the services refuse outright (a
 * shape they can't read) is undone and explained; anything against the rules shows in the preview.
 */
export async function applyChange(
  interaction: FlowInteraction,
  context: ComponentContext,
  flow: Flow,
  change: (draft: CreationDraft) => void,
): Promise<void> {
  const { session } = flow;
  const before = structuredClone(session.draft);
  change(session.draft);
  let preview: CreationPreview & { era: Era };
  try {
    preview = await previewOf(interaction, context, session);
  } catch (error) {
    const message = eternalUserMessageOf(error);
    if (message === undefined) throw error;
    session.draft = before;
    session.notices.push(message);
    preview = await previewOf(interaction, context, session);
  }
  await render(context, flow, preview);
}
