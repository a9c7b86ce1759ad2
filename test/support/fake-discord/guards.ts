/** Small type guards for JSON the bot sends us (it is untrusted input as far as the fake is concerned). */

export type JsonRecord = Record<string, unknown>;

export function isRecord(value: unknown): value is JsonRecord {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function isString(value: unknown): value is string {
  return typeof value === "string";
}

export function isNumber(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

export function asRecord(value: unknown): JsonRecord {
  return isRecord(value) ? value : {};
}

export function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? (value as unknown[]) : [];
}

export function asString(value: unknown): string | undefined {
  return isString(value) ? value : undefined;
}

export function asNumber(value: unknown): number | undefined {
  return isNumber(value) ? value : undefined;
}

/** Discord accepts ids as strings or numbers in some payloads (attachment ids); normalise to string. */
export function asId(value: unknown): string | undefined {
  if (isString(value)) return value;
  if (isNumber(value)) return String(value);
  return undefined;
}

/** The member of a numeric enum equal to `value`, if any (Discord sends enum fields as plain numbers). */
export function enumMember<E extends number>(
  enumObject: Record<string, string | E>,
  value: unknown,
): E | undefined {
  return Object.values(enumObject).find((member): member is E => member === value);
}

/**
 * Discord's bitfields (message/user/role flags) are typed as enums but carry any combination of
 * their members, including 0; this is the one place a plain number becomes such a bitfield.
 */
export function bitfield<E extends number>(_flags: Record<string, string | E>, value: number): E {
  return value as E;
}
