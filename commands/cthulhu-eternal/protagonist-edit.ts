import { isRefusal } from "../../src/games/cthulhu-eternal/presentation/refusals.js";
/** `/protagonist edit`: options for one-line changes, or a form for name and notes. */
import { sheetChangeText } from "../../src/games/cthulhu-eternal/presentation/sheet-change-text.js";
import { sheetDisorderChoices } from "../../src/games/cthulhu-eternal/presentation/campaign-autocomplete.js";
import {
  EmbedBuilder,
  ModalBuilder,
  TextInputStyle,
  type ApplicationCommandOptionChoiceData,
  type AutocompleteInteraction,
  type ChatInputCommandInteraction,
  type ModalSubmitInteraction,
} from "discord.js";
import { actorFrom } from "../../src/core/discord/actor.js";
import type { ComponentContext, HandlerContext } from "../../src/games/cthulhu-eternal/command.js";
import { PROTAGONIST_COMMAND } from "../../src/games/cthulhu-eternal/creation/session.js";
import { customId } from "../../src/core/discord/custom-id.js";
import { fieldLines } from "../../src/games/cthulhu-eternal/presentation/creation-preview.js";
import { truncate, userText } from "../../src/core/discord/format.js";
import { protagonistIdOption } from "../../src/games/cthulhu-eternal/discord/protagonist-option.js";
import type { BotServices } from "../../src/games/cthulhu-eternal/game.js";
import { UserError } from "../../src/core/discord/user-facing-error.js";
import {
  NOTES_MAX,
  PROTAGONIST_STATUSES,
  type ProtagonistPatchInput,
} from "../../src/games/cthulhu-eternal/services/protagonist-edit.js";
import type { ChangeResult } from "../../src/games/cthulhu-eternal/services/protagonist-lifecycle-service.js";
import { STAT_NAMES } from "../../src/games/cthulhu-eternal/rules/types.js";

export const EDIT_FORM_ACTION = "editform";
const EDIT_COLOUR = 0x2f6f4f;

/** The changes the options ask for; pairs (skill + rating, stat + value) must come together. */
function patchFromOptions(interaction: ChatInputCommandInteraction): ProtagonistPatchInput {
  const options = interaction.options;
  const patch: ProtagonistPatchInput = {};
  const name = options.getString("name");
  if (name !== null) patch.name = name;
  const notes = options.getString("notes");
  if (notes !== null) patch.notes = notes;

  const skill = options.getString("skill");
  const rating = options.getInteger("rating");
  if ((skill === null) !== (rating === null)) {
    throw new UserError("Give `skill` and `rating` together, e.g. `skill:Occult rating:45`.");
  }
  if (skill !== null && rating !== null) patch.skills = [{ name: skill, rating }];

  const statText = options.getString("stat");
  const value = options.getInteger("value");
  if ((statText === null) !== (value === null)) {
    throw new UserError("Give `stat` and `value` together, e.g. `stat:STR value:12`.");
  }
  const stat = STAT_NAMES.find((s) => s === statText);
  if (stat !== undefined && value !== null) patch.stats = { [stat]: value };

  for (const key of ["hp", "wp", "san", "resources"] as const) {
    const number = options.getInteger(key);
    if (number !== null) patch[key] = number;
  }
  const status = PROTAGONIST_STATUSES.find((s) => s === options.getString("status"));
  if (status !== undefined) patch.status = status;

  const disorder = options.getString("disorder");
  const disorderName = options.getString("disorder_name");
  const cure = options.getBoolean("cure") ?? false;
  if (disorder === null) {
    if (cure) throw new UserError("Choose the `disorder` to cure.");
    if (disorderName !== null) patch.disorders = { add: [{ name: disorderName }] };
  } else {
    if (disorderName === null && !cure) {
      throw new UserError(
        "Say what to do with the disorder: `disorder_name` to rename it, or `cure:True`.",
      );
    }
    patch.disorders = {
      ...(disorderName === null ? {} : { rename: [{ id: disorder, name: disorderName }] }),
      ...(cure ? { cure: [disorder] } : {}),
    };
  }
  return patch;
}

function changesEmbed(result: ChangeResult): EmbedBuilder {
  return new EmbedBuilder()
    .setColor(EDIT_COLOUR)
    .setTitle(truncate(`✏️ ${userText(result.protagonist.name)}`, 256))
    .setDescription(
      fieldLines(
        result.changes.map((c) => `• ${userText(sheetChangeText(c), 300)}`),
        "No change.",
      ),
    );
}

function editForm(protagonistId: string, name: string, notes: string): ModalBuilder {
  return new ModalBuilder()
    .setCustomId(customId(PROTAGONIST_COMMAND, EDIT_FORM_ACTION, protagonistId))
    .setTitle(truncate(`Edit ${name}`, 45))
    .addLabelComponents(
      (label) =>
        label
          .setLabel("Name")
          .setTextInputComponent((input) =>
            input
              .setCustomId("name")
              .setStyle(TextInputStyle.Short)
              .setMinLength(1)
              .setMaxLength(100)
              .setRequired(true)
              .setValue(name),
          ),
      (label) =>
        label.setLabel("Notes").setTextInputComponent((input) => {
          input
            .setCustomId("notes")
            .setStyle(TextInputStyle.Paragraph)
            .setMaxLength(NOTES_MAX)
            .setRequired(false);
          return notes === "" ? input : input.setValue(notes);
        }),
    );
}

export async function editProtagonist(
  interaction: ChatInputCommandInteraction,
  { reply, services }: HandlerContext,
): Promise<void> {
  const actor = actorFrom(interaction);
  const patch = patchFromOptions(interaction);
  const named = await protagonistIdOption(interaction, services, actor);
  const view = await services.protagonists.get({ actor, protagonistId: named });
  const { protagonist } = view;
  if (Object.keys(patch).length === 0) {
    if (!view.canEdit) {
      throw new UserError(
        `**${userText(protagonist.name)}** is not yours. Only the player or a GM can change it.`,
      );
    }
    await reply.showModal(editForm(protagonist.id, protagonist.name, protagonist.notes));
    return;
  }
  const result = await services.protagonists.edit({ actor, protagonistId: protagonist.id, patch });
  await reply.send({ embeds: [changesEmbed(result)] });
}

/** The name-and-notes form: only what was actually changed is sent. */
export async function editFormSubmitted(
  interaction: ModalSubmitInteraction,
  { reply, services, args }: ComponentContext,
): Promise<void> {
  const actor = actorFrom(interaction);
  const protagonistId = args[0] ?? "";
  const { protagonist } = await services.protagonists.get({ actor, protagonistId });
  const name = interaction.fields.getTextInputValue("name").trim();
  const notes = interaction.fields.getTextInputValue("notes");
  const patch: ProtagonistPatchInput = {};
  if (name !== protagonist.name) patch.name = name;
  if (notes.trim() !== protagonist.notes.trim()) patch.notes = notes;
  if (Object.keys(patch).length === 0) {
    await reply.send({ content: "Nothing changed.", ephemeral: true });
    return;
  }
  const result = await services.protagonists.edit({ actor, protagonistId, patch });
  await reply.send({ embeds: [changesEmbed(result)] });
}

/** Autocomplete: the disorders on the sheet chosen in `protagonist` (else the active one). */
export async function disorderChoices(
  interaction: AutocompleteInteraction,
  services: BotServices,
  query: string,
): Promise<ApplicationCommandOptionChoiceData<string>[]> {
  let protagonistId: string | null = null;
  try {
    protagonistId = interaction.options.getString("protagonist");
  } catch {
    protagonistId = null;
  }
  try {
    const { protagonist } = await services.protagonists.get({
      actor: actorFrom(interaction),
      protagonistId,
    });
    return sheetDisorderChoices(protagonist.disorders, query, true);
  } catch (error) {
    if (isRefusal(error)) return [];
    throw error;
  }
}
