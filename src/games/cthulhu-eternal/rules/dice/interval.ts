/** Interval arithmetic for the smallest and largest value an expression can produce. */

export interface Interval {
  readonly min: number;
  readonly max: number;
}

export function sumInterval(a: Interval, b: Interval): Interval {
  return { min: a.min + b.min, max: a.max + b.max };
}

export function differenceInterval(a: Interval, b: Interval): Interval {
  return { min: a.min - b.max, max: a.max - b.min };
}

export function productInterval(a: Interval, b: Interval): Interval {
  const p1 = a.min * b.min;
  const p2 = a.min * b.max;
  const p3 = a.max * b.min;
  const p4 = a.max * b.max;
  // "+ 0" turns -0 into 0 so ranges compare and print cleanly.
  return { min: Math.min(p1, p2, p3, p4) + 0, max: Math.max(p1, p2, p3, p4) + 0 };
}

export function negatedInterval(a: Interval): Interval {
  return { min: 0 - a.max, max: 0 - a.min };
}
