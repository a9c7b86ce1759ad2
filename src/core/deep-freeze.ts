/** A deep-frozen copy is what the cache hands out: nobody can change what others will read. */
export type Frozen<T> = T extends (infer U)[]
  ? readonly Frozen<U>[]
  : T extends Date
    ? T
    : T extends object
      ? { readonly [K in keyof T]: Frozen<T[K]> }
      : T;

export function deepFreeze<T>(value: T): T {
  if (typeof value !== "object" || value === null || Object.isFrozen(value)) return value;
  for (const child of Object.values(value)) deepFreeze(child);
  return Object.freeze(value);
}
