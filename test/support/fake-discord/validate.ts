/**
 * The limits Discord enforces on what a bot sends. Enforcing them here makes the e2e tests fail the
 * same way production would (a 400 Invalid Form Body, code 50035 with `errors`), instead of passing
 * with a message Discord would reject. The numbers are Discord's developer documentation's:
 * message content 2,000 and embed limits (Resources › Message, "Embed Limits"); components
 * (Components › Component Reference: action rows, buttons, selects, text inputs, labels); modals
 * (Interactions › Receiving and Responding, "Modal"); autocomplete choices (Application Commands,
 * "Application Command Option Choice Structure"); Components V2 layouts (Component Reference;
 * Resources › Message, "Message Flags"), with the 40-component and 4,000-character totals from
 * the discord.js guide ("Display Components").
 */
import { ComponentType, MessageFlags } from "discord.js";
import {
  asArray,
  asRecord,
  asString,
  enumMember,
  isRecord,
  isNumber,
  isString,
  type JsonRecord,
} from "./guards.js";
import type { FieldError } from "./errors.js";

const maxLength = (path: FieldError["path"], max: number): FieldError => ({
  path,
  code: "BASE_TYPE_MAX_LENGTH",
  message: `Must be ${max} or fewer in length.`,
});

const required = (path: FieldError["path"]): FieldError => ({
  path,
  code: "BASE_TYPE_REQUIRED",
  message: "This field is required",
});

function checkLength(
  errors: FieldError[],
  path: FieldError["path"],
  value: unknown,
  max: number,
  min = 0,
): number {
  if (value === undefined || value === null) {
    if (min > 0) errors.push(required(path));
    return 0;
  }
  if (!isString(value)) {
    errors.push({ path, code: "BASE_TYPE_STRING", message: "Must be a string." });
    return 0;
  }
  if (value.length > max) errors.push(maxLength(path, max));
  if (value.length < min) {
    errors.push({
      path,
      code: "BASE_TYPE_BAD_LENGTH",
      message: `Must be between ${min} and ${max} in length.`,
    });
  }
  return value.length;
}

/** What an edit is checked against: the stored message's flags and legacy fields. */
export interface ExistingMessage {
  flags?: number;
  content: string;
  embeds: readonly unknown[];
}

/**
 * Content, embed and component limits of a message create body, or of an edit of `existing`.
 * An edit is judged by the message it would leave: Components V2 stays on once set (Discord: "it
 * can't be removed"), and the content and embeds the edit does not reset still count.
 */
export function validateMessageBody(body: JsonRecord, existing?: ExistingMessage): FieldError[] {
  const errors: FieldError[] = [];
  const flags = isNumber(body.flags) ? body.flags : 0;
  const wasV2 = ((existing?.flags ?? 0) & MessageFlags.IsComponentsV2) !== 0;
  const componentsV2 = wasV2 || (flags & MessageFlags.IsComponentsV2) !== 0;
  if (wasV2 && isNumber(body.flags) && (flags & MessageFlags.IsComponentsV2) === 0) {
    errors.push({
      path: ["flags"],
      code: "MESSAGE_CANNOT_REMOVE_COMPONENTS_V2_FLAG",
      message: "The IS_COMPONENTS_V2 flag cannot be removed once set",
    });
  }
  const content = "content" in body ? body.content : existing?.content;
  const embedsAfter = "embeds" in body ? body.embeds : existing?.embeds;
  if (componentsV2 && ((isString(content) && content !== "") || asArray(embedsAfter).length > 0)) {
    errors.push({
      path: ["content"],
      code: "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
      message:
        "The 'content' and 'embeds' fields cannot be used when using MessageFlags.IS_COMPONENTS_V2",
    });
  }
  checkLength(errors, ["content"], body.content, 2000);
  const embeds = asArray(body.embeds);
  if (embeds.length > 10) errors.push(maxLength(["embeds"], 10));
  let total = 0;
  embeds.forEach((raw, index) => {
    const embed = asRecord(raw);
    const at = (...rest: (string | number)[]) => ["embeds", index, ...rest];
    total += checkLength(errors, at("title"), embed.title, 256);
    total += checkLength(errors, at("description"), embed.description, 4096);
    total += checkLength(errors, at("footer", "text"), asRecord(embed.footer).text, 2048);
    total += checkLength(errors, at("author", "name"), asRecord(embed.author).name, 256);
    const fields = asArray(embed.fields);
    if (fields.length > 25) errors.push(maxLength(at("fields"), 25));
    fields.forEach((rawField, fieldIndex) => {
      const field = asRecord(rawField);
      total += checkLength(errors, at("fields", fieldIndex, "name"), field.name, 256, 1);
      total += checkLength(errors, at("fields", fieldIndex, "value"), field.value, 1024, 1);
    });
  });
  if (total > 6000) {
    errors.push({
      path: ["embeds"],
      code: "MAX_EMBED_SIZE_EXCEEDED",
      message: "Embed size exceeds maximum size of 6000",
    });
  }
  const components = asArray(body.components);
  if (componentsV2) validateV2Components(errors, components);
  else validateLegacyComponents(errors, components);
  return errors;
}

const unionType = (path: FieldError["path"], message: string): FieldError => ({
  path,
  code: "UNION_TYPE_CHOICES",
  message,
});

function validateLegacyComponents(errors: FieldError[], rows: unknown[]): void {
  if (rows.length > 5) errors.push(maxLength(["components"], 5));
  rows.forEach((rawRow, rowIndex) => {
    const row = asRecord(rawRow);
    if (row.type !== ComponentType.ActionRow) {
      errors.push(
        unionType(
          ["components", rowIndex, "type"],
          "Top-level components must be action rows unless IS_COMPONENTS_V2 is set",
        ),
      );
      return;
    }
    validateActionRow(errors, ["components", rowIndex], row);
  });
}

/** Running totals over one Components V2 message. */
interface V2Totals {
  /** Every component, nested ones included (containers, rows, sections and their accessories). */
  count: number;
  /** Characters across all text displays. */
  text: number;
  customIds: Set<string>;
}

const SELECT_TYPES: readonly number[] = [
  ComponentType.StringSelect,
  ComponentType.UserSelect,
  ComponentType.RoleSelect,
  ComponentType.MentionableSelect,
  ComponentType.ChannelSelect,
];

/** An action row, legacy or V2: 1–5 buttons or one select, each button or select checked. */
function validateActionRow(
  errors: FieldError[],
  at: FieldError["path"],
  row: JsonRecord,
  totals?: V2Totals,
): void {
  const children = asArray(row.components);
  if (children.length === 0 || children.length > 5) {
    errors.push({
      path: [...at, "components"],
      code: "BASE_TYPE_BAD_LENGTH",
      message: "Must be between 1 and 5 in length.",
    });
  }
  const hasSelect = children.some((child) => asRecord(child).type !== ComponentType.Button);
  if (hasSelect && children.length > 1) {
    errors.push({
      path: [...at, "components"],
      code: "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
      message: "The specified component exceeds the maximum width",
    });
  }
  if (totals) totals.count += children.length;
  children.forEach((rawChild, childIndex) => {
    const child = asRecord(rawChild);
    const childAt = [...at, "components", childIndex];
    if (child.type === ComponentType.Button) validateButton(errors, childAt, child, totals);
    else if (isNumber(child.type) && SELECT_TYPES.includes(child.type)) {
      validateCustomId(errors, childAt, child, totals);
      validateSelect(errors, childAt, child);
    } else errors.push(unionType([...childAt, "type"], "Action rows hold buttons or a select"));
  });
}

/** custom_id 1–100; within a V2 message, also unique. */
function validateCustomId(
  errors: FieldError[],
  at: FieldError["path"],
  child: JsonRecord,
  totals?: V2Totals,
): void {
  checkLength(errors, [...at, "custom_id"], child.custom_id, 100, 1);
  if (totals === undefined || !isString(child.custom_id)) return;
  if (totals.customIds.has(child.custom_id)) {
    errors.push({
      path: [...at, "custom_id"],
      code: "COMPONENT_CUSTOM_ID_DUPLICATED",
      message: "Component custom id cannot be duplicated",
    });
  }
  totals.customIds.add(child.custom_id);
}

/** A button: label 80; custom_id unless it is a link (style 5) or premium (6) button. */
function validateButton(
  errors: FieldError[],
  at: FieldError["path"],
  button: JsonRecord,
  totals?: V2Totals,
): void {
  if (button.style !== 5 && button.style !== 6) validateCustomId(errors, at, button, totals);
  checkLength(errors, [...at, "label"], button.label, 80);
}

/** Where each Components V2 type may appear (Component Reference: Container, Section). */
const V2_IN_CONTAINER: readonly ComponentType[] = [
  ComponentType.ActionRow,
  ComponentType.Section,
  ComponentType.TextDisplay,
  ComponentType.MediaGallery,
  ComponentType.File,
  ComponentType.Separator,
];
const V2_TOP_LEVEL = [...V2_IN_CONTAINER, ComponentType.Container];
const V2_SECTION_ACCESSORY = [ComponentType.Button, ComponentType.Thumbnail];

/**
 * A Components V2 message: up to 40 components in all, nested ones counted, and up to 4,000
 * characters of text display (the discord.js guide, "Display Components").
 */
function validateV2Components(errors: FieldError[], components: unknown[]): void {
  const totals: V2Totals = { count: 0, text: 0, customIds: new Set() };
  components.forEach((raw, index) => {
    validateV2Component(errors, ["components", index], asRecord(raw), V2_TOP_LEVEL, totals);
  });
  if (totals.count > 40) errors.push(maxLength(["components"], 40));
  if (totals.text > 4000) {
    errors.push({
      path: ["components"],
      code: "BASE_TYPE_MAX_LENGTH",
      message: "Text displays must total 4000 or fewer characters.",
    });
  }
}

function validateV2Component(
  errors: FieldError[],
  at: FieldError["path"],
  component: JsonRecord,
  allowed: readonly ComponentType[],
  totals: V2Totals,
): void {
  const type = enumMember(ComponentType, component.type);
  if (type === undefined || !allowed.includes(type)) {
    errors.push(unionType([...at, "type"], `Value must be one of (${allowed.join(", ")}).`));
    return;
  }
  totals.count += 1;
  switch (type) {
    case ComponentType.Container:
      asArray(component.components).forEach((raw, index) => {
        const childAt = [...at, "components", index];
        validateV2Component(errors, childAt, asRecord(raw), V2_IN_CONTAINER, totals);
      });
      break;
    case ComponentType.ActionRow:
      validateActionRow(errors, at, component, totals);
      break;
    case ComponentType.Section: {
      const texts = asArray(component.components);
      if (texts.length === 0 || texts.length > 3) {
        errors.push({
          path: [...at, "components"],
          code: "BASE_TYPE_BAD_LENGTH",
          message: "Must be between 1 and 3 in length.",
        });
      }
      texts.forEach((raw, index) => {
        const childAt = [...at, "components", index];
        validateV2Component(errors, childAt, asRecord(raw), [ComponentType.TextDisplay], totals);
      });
      if (!isRecord(component.accessory)) errors.push(required([...at, "accessory"]));
      else {
        const accessoryAt = [...at, "accessory"];
        validateV2Component(errors, accessoryAt, component.accessory, V2_SECTION_ACCESSORY, totals);
      }
      break;
    }
    case ComponentType.Button:
      validateButton(errors, at, component, totals);
      break;
    case ComponentType.TextDisplay:
      totals.text += checkLength(errors, [...at, "content"], component.content, 4000, 1);
      break;
    default:
      break;
  }
}

/** Any select menu: placeholder 150, min/max values 0–25; a string select's options too. */
function validateSelect(errors: FieldError[], at: FieldError["path"], child: JsonRecord): void {
  checkLength(errors, [...at, "placeholder"], child.placeholder, 150);
  for (const key of ["min_values", "max_values"] as const) {
    const value = child[key];
    if (isNumber(value) && (value < 0 || value > 25)) {
      errors.push({
        path: [...at, key],
        code: "NUMBER_TYPE_MAX",
        message: "int value should be less than or equal to 25.",
      });
    }
  }
  if (child.type === ComponentType.StringSelect) {
    const options = asArray(child.options);
    if (options.length === 0 || options.length > 25) {
      errors.push({
        path: [...at, "options"],
        code: "BASE_TYPE_BAD_LENGTH",
        message: "Must be between 1 and 25 in length.",
      });
    }
    options.forEach((rawOption, optionIndex) => {
      const option = asRecord(rawOption);
      checkLength(errors, [...at, "options", optionIndex, "label"], option.label, 100, 1);
      checkLength(errors, [...at, "options", optionIndex, "value"], option.value, 100, 1);
      checkLength(errors, [...at, "options", optionIndex, "description"], option.description, 100);
    });
  }
}

/** Whether a create body would produce a visible message (Discord: 50006 otherwise). */
export function hasMessageContent(body: JsonRecord, fileCount: number): boolean {
  const content = asString(body.content);
  return (
    (content !== undefined && content.trim() !== "") ||
    asArray(body.embeds).length > 0 ||
    asArray(body.components).length > 0 ||
    asArray(body.sticker_ids).length > 0 ||
    isRecord(body.poll) ||
    fileCount > 0
  );
}

export function validateAutocompleteChoices(data: JsonRecord): FieldError[] {
  const errors: FieldError[] = [];
  const choices = asArray(data.choices);
  if (choices.length > 25) errors.push(maxLength(["data", "choices"], 25));
  choices.forEach((raw, index) => {
    const choice = asRecord(raw);
    checkLength(errors, ["data", "choices", index, "name"], choice.name, 100, 1);
    if (isString(choice.value))
      checkLength(errors, ["data", "choices", index, "value"], choice.value, 100);
    else if (!isNumber(choice.value)) errors.push(required(["data", "choices", index, "value"]));
  });
  return errors;
}

export function validateModal(data: JsonRecord): FieldError[] {
  const errors: FieldError[] = [];
  checkLength(errors, ["data", "custom_id"], data.custom_id, 100, 1);
  checkLength(errors, ["data", "title"], data.title, 45, 1);
  const components = asArray(data.components);
  if (components.length === 0 || components.length > 5) {
    errors.push({
      path: ["data", "components"],
      code: "BASE_TYPE_BAD_LENGTH",
      message: "Must be between 1 and 5 in length.",
    });
  }
  components.forEach((raw, index) => {
    const component = asRecord(raw);
    const at = ["data", "components", index];
    if (component.type === ComponentType.Label) {
      // Label: label 1–45, description up to 100, and one component.
      checkLength(errors, [...at, "label"], component.label, 45, 1);
      checkLength(errors, [...at, "description"], component.description, 100);
      validateModalInput(errors, [...at, "component"], asRecord(component.component));
    } else if (component.type === ComponentType.ActionRow) {
      asArray(component.components).forEach((child, childIndex) => {
        const input = asRecord(child);
        // The legacy text input in an action row carries its own label (1–45).
        checkLength(errors, [...at, "components", childIndex, "label"], input.label, 45, 1);
        validateModalInput(errors, [...at, "components", childIndex], input);
      });
    }
  });
  return errors;
}

/** A modal's input: custom_id 1–100; a text input's value and lengths up to 4,000, placeholder 100. */
function validateModalInput(errors: FieldError[], at: FieldError["path"], input: JsonRecord): void {
  checkLength(errors, [...at, "custom_id"], input.custom_id, 100, 1);
  if (input.type !== ComponentType.TextInput) {
    if (input.type !== undefined && input.type !== ComponentType.TextDisplay) {
      validateSelect(errors, at, input);
    }
    return;
  }
  checkLength(errors, [...at, "value"], input.value, 4000);
  checkLength(errors, [...at, "placeholder"], input.placeholder, 100);
  const bounds = { min_length: [0, 4000], max_length: [1, 4000] } as const;
  for (const [key, [min, max]] of Object.entries(bounds)) {
    const value = input[key];
    if (isNumber(value) && (value < min || value > max)) {
      errors.push({
        path: [...at, key],
        code: "NUMBER_TYPE_MAX",
        message: `int value should be between ${min} and ${max}.`,
      });
    }
  }
}

const COMMAND_NAME = /^[-_'\p{L}\p{N}\p{M}]{1,32}$/u;

/** Discord's installation contexts (integration types) and interaction contexts. */
const INTEGRATION_TYPES = [0, 1];
const INTERACTION_CONTEXTS = [0, 1, 2];

/**
 * A command's `integration_types` and `contexts`: known values only, and no installation the app
 * does not support ("as long as any included contexts are already supported on the application
 * level": Application Commands, "Installation Context").
 */
function validateInstallation(
  errors: FieldError[],
  index: number,
  command: JsonRecord,
  supported: readonly number[],
): void {
  const types = command.integration_types;
  if (types !== undefined && types !== null) {
    asArray(types).forEach((type, at) => {
      if (!isNumber(type) || !INTEGRATION_TYPES.includes(type)) {
        errors.push({
          path: [index, "integration_types", at],
          code: "BASE_TYPE_CHOICES",
          message: `Value must be one of (${INTEGRATION_TYPES.join(", ")}).`,
        });
      } else if (!supported.includes(type)) {
        errors.push({
          path: [index, "integration_types", at],
          code: "APPLICATION_COMMAND_INTEGRATION_TYPE_NOT_SUPPORTED",
          message: "The application does not support this installation context.",
        });
      }
    });
  }
  asArray(command.contexts).forEach((context, at) => {
    if (!isNumber(context) || !INTERACTION_CONTEXTS.includes(context)) {
      errors.push({
        path: [index, "contexts", at],
        code: "BASE_TYPE_CHOICES",
        message: `Value must be one of (${INTERACTION_CONTEXTS.join(", ")}).`,
      });
    }
  });
}

/** Registration limits of a bulk-overwrite body (names, descriptions, option counts and order). */
export function validateCommands(
  commands: unknown[],
  installTypes: readonly number[] = [0],
): FieldError[] {
  const errors: FieldError[] = [];
  if (commands.length > 100) errors.push(maxLength([], 100));
  const seen = new Set<string>();
  commands.forEach((raw, index) => {
    const command = asRecord(raw);
    const type = isNumber(command.type) ? command.type : 1;
    const name = asString(command.name) ?? "";
    const key = `${type}:${name}`;
    if (seen.has(key)) {
      errors.push({
        path: [index, "name"],
        code: "APPLICATION_COMMANDS_DUPLICATE_NAME",
        message: `Application command names must be unique`,
      });
    }
    seen.add(key);
    validateInstallation(errors, index, command, installTypes);
    if (type === 1) {
      validateCommandName(errors, [index, "name"], name);
      checkLength(errors, [index, "description"], command.description, 100, 1);
      validateOptions(errors, [index, "options"], asArray(command.options), 0);
    } else {
      checkLength(errors, [index, "name"], command.name, 32, 1);
    }
  });
  return errors;
}

function validateCommandName(errors: FieldError[], path: FieldError["path"], name: string): void {
  if (!COMMAND_NAME.test(name) || name !== name.toLowerCase()) {
    errors.push({
      path,
      code: "APPLICATION_COMMAND_INVALID_NAME",
      message: `Command name is invalid`,
    });
  }
}

function validateOptions(
  errors: FieldError[],
  path: FieldError["path"],
  options: unknown[],
  depth: number,
): void {
  if (options.length > 25) errors.push(maxLength(path, 25));
  let sawOptional = false;
  options.forEach((raw, index) => {
    const option = asRecord(raw);
    const at = [...path, index];
    validateCommandName(errors, [...at, "name"], asString(option.name) ?? "");
    checkLength(errors, [...at, "description"], option.description, 100, 1);
    const isRequired = option.required === true;
    if (isRequired && sawOptional) {
      errors.push({
        path: [...at, "required"],
        code: "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
        message: "Required options must be placed before non-required options",
      });
    }
    if (!isRequired) sawOptional = true;
    const choices = asArray(option.choices);
    if (choices.length > 25) errors.push(maxLength([...at, "choices"], 25));
    if (choices.length > 0 && option.autocomplete === true) {
      errors.push({
        path: [...at, "autocomplete"],
        code: "APPLICATION_COMMAND_OPTION_AUTOCOMPLETE_WITH_CHOICES",
        message: "Autocomplete cannot be set with choices",
      });
    }
    if ((option.type === 1 || option.type === 2) && depth < 2) {
      validateOptions(errors, [...at, "options"], asArray(option.options), depth + 1);
    }
  });
}
