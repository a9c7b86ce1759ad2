/** `work` for each item, one after the other (as a loop would), the results in order. */
export async function mapInOrder<T, U>(
  items: readonly T[],
  work: (item: T) => Promise<U>,
): Promise<U[]> {
  const results: U[] = [];
  for (const item of items) results.push(await work(item));
  return results;
}
