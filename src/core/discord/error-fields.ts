/** A property of an error (or of anything) that may not be one: undefined when it is absent. */
export function fieldOf(value: unknown, key: string): unknown {
  return typeof value === "object" && value !== null && key in value
    ? (value as Record<string, unknown>)[key]
    : undefined;
}
