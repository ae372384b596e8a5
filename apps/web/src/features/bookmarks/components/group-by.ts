export const OTHER_GROUP = 'Other';

/** Groups in alphabetical order with 'Other' last; items keep the order they came in. */
export function groupBy<T>(items: readonly T[], groupOf: (item: T) => string): [string, T[]][] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const name = groupOf(item);
    groups.set(name, [...(groups.get(name) ?? []), item]);
  }
  return [...groups].sort(([a], [b]) => {
    if (a === OTHER_GROUP || b === OTHER_GROUP)
      return Number(a === OTHER_GROUP) - Number(b === OTHER_GROUP);
    return a.localeCompare(b, 'en-GB');
  });
}
