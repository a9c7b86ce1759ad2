/**
 * Builds the `components` of a MODAL_SUBMIT the way Discord would for the modal the bot showed:
 * same layout (action rows vs labels), same component ids, only the fields that exist, and the
 * client-side checks (required, min/max length) a real user could not get past.
 */
import { ComponentType } from "discord.js";
import type { APIModalSubmissionComponent, ModalSubmitComponent } from "discord.js";
import { asArray, asNumber, asRecord, asString, type JsonRecord } from "./guards.js";

export type ModalFieldValue = string | string[] | boolean | null;

export function buildModalSubmission(
  customId: string,
  fields: Record<string, ModalFieldValue>,
  template: JsonRecord | undefined,
): APIModalSubmissionComponent[] {
  const state = { nextId: 1, used: new Set<string>() };
  if (template === undefined) return fromFieldsOnly(fields, state);
  const defined = templateFieldIds(template);
  const unknown = Object.keys(fields).filter((field) => !defined.includes(field));
  if (unknown.length > 0) {
    throw new Error(
      `fake Discord: modal "${customId}" has no field(s) ${unknown.join(", ")} (the bot's modal defines: ${defined.join(", ") || "none"})`,
    );
  }
  return fromTemplate(customId, fields, template, state);
}

function templateFieldIds(template: JsonRecord): string[] {
  return asArray(template.components).flatMap((raw) => {
    const component = asRecord(raw);
    const inputs =
      component.type === ComponentType.Label
        ? [component.component]
        : asArray(component.components);
    return inputs.flatMap((input) => {
      const id = asString(asRecord(input).custom_id);
      return id === undefined ? [] : [id];
    });
  });
}

interface BuildState {
  nextId: number;
  used: Set<string>;
}

function fromFieldsOnly(
  fields: Record<string, ModalFieldValue>,
  state: BuildState,
): APIModalSubmissionComponent[] {
  return Object.entries(fields).map(([customId, value]) => {
    state.used.add(customId);
    if (Array.isArray(value)) {
      return {
        type: ComponentType.Label,
        id: state.nextId++,
        component: {
          type: ComponentType.StringSelect,
          id: state.nextId++,
          custom_id: customId,
          values: value,
        },
      };
    }
    // Today's clients submit every field inside a Label, as modals are now built.
    return {
      type: ComponentType.Label,
      id: state.nextId++,
      component: {
        type: ComponentType.TextInput,
        id: state.nextId++,
        custom_id: customId,
        value: String(value ?? ""),
      },
    };
  });
}

function fromTemplate(
  modalId: string,
  fields: Record<string, ModalFieldValue>,
  template: JsonRecord,
  state: BuildState,
): APIModalSubmissionComponent[] {
  const result: APIModalSubmissionComponent[] = [];
  for (const raw of asArray(template.components)) {
    const component = asRecord(raw);
    const id = asNumber(component.id) ?? state.nextId++;
    switch (component.type) {
      case ComponentType.ActionRow: {
        const inputs = asArray(component.components).map((child) => {
          const input = asRecord(child);
          const submitted = submitField(modalId, input, fields, state);
          if (submitted.type !== ComponentType.TextInput) {
            throw new Error(
              `fake Discord: modal "${modalId}" has a non-text component in an action row`,
            );
          }
          return submitted;
        });
        result.push({ type: ComponentType.ActionRow, id, components: inputs });
        break;
      }
      case ComponentType.Label:
        result.push({
          type: ComponentType.Label,
          id,
          component: submitField(modalId, asRecord(component.component), fields, state),
        });
        break;
      case ComponentType.TextDisplay:
        result.push({ type: ComponentType.TextDisplay, id });
        break;
      default:
        break;
    }
  }
  return result;
}

function submitField(
  modalId: string,
  input: JsonRecord,
  fields: Record<string, ModalFieldValue>,
  state: BuildState,
): ModalSubmitComponent {
  const customId = asString(input.custom_id) ?? "";
  const id = asNumber(input.id) ?? state.nextId++;
  state.used.add(customId);
  const given = fields[customId];
  const where = `modal "${modalId}" field "${customId}"`;
  switch (input.type) {
    case ComponentType.TextInput: {
      const value = given === undefined || given === null ? "" : String(given);
      const required = input.required !== false;
      if (required && value === "") {
        throw new Error(`fake Discord: ${where} is required (Discord clients enforce this)`);
      }
      const min = asNumber(input.min_length);
      const max = asNumber(input.max_length) ?? 4000;
      if (value !== "" && ((min !== undefined && value.length < min) || value.length > max)) {
        throw new Error(
          `fake Discord: ${where} must be ${min ?? 0}-${max} characters, got ${value.length}`,
        );
      }
      return { type: ComponentType.TextInput, id, custom_id: customId, value };
    }
    case ComponentType.StringSelect:
    case ComponentType.UserSelect:
    case ComponentType.RoleSelect:
    case ComponentType.MentionableSelect:
    case ComponentType.ChannelSelect:
    case ComponentType.FileUpload:
    case ComponentType.CheckboxGroup: {
      const values = Array.isArray(given)
        ? given
        : given === undefined || given === null
          ? []
          : [String(given)];
      return { type: input.type, id, custom_id: customId, values };
    }
    case ComponentType.RadioGroup:
      return {
        type: ComponentType.RadioGroup,
        id,
        custom_id: customId,
        value: typeof given === "string" ? given : null,
      };
    case ComponentType.Checkbox:
      return { type: ComponentType.Checkbox, id, custom_id: customId, value: given === true };
    default:
      throw new Error(
        `fake Discord: ${where} has component type ${String(input.type)} the fake cannot submit`,
      );
  }
}
