/** Test helpers: the d10 faces that make a given percentile roll (a 0 digit is the face 10). */
export function percentileFaces(value: number): [number, number] {
  const tens = Math.floor(value / 10) % 10;
  const ones = value % 10;
  return [tens === 0 ? 10 : tens, ones === 0 ? 10 : ones];
}
