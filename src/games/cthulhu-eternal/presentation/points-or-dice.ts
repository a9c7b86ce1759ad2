/**
 * An `amount` option typed as text: a whole number ("4") becomes a number, anything else ("1D6",
 * "2d4+1") is passed on as dice for the service to parse, which explains a typo without rolling.
 */
export function pointsOrDice(text: string): number | string {
  const trimmed = text.trim();
  return /^\d{1,6}$/.test(trimmed) ? Number(trimmed) : trimmed;
}
