import { useId } from 'react';
import type { ReactNode } from 'react';
import { groupBy } from './group-by';

type GroupedListProps<Item> = {
  items: readonly Item[];
  groupOf: (item: Item) => string;
  keyOf: (item: Item) => string;
  listClassName: string;
  renderItem: (item: Item) => ReactNode;
};

/** Each group (as `groupBy` orders them) a section under its name, its items a list. */
export function GroupedList<Item>({
  items,
  groupOf,
  keyOf,
  listClassName,
  renderItem,
}: GroupedListProps<Item>) {
  const idPrefix = useId();
  return groupBy(items, groupOf).map(([group, groupItems], index) => (
    <section key={group} aria-labelledby={`${idPrefix}-${index}`} className="mb-6">
      <h3 id={`${idPrefix}-${index}`} className="mb-3 text-2xl font-bold">
        {group}
      </h3>
      <ul className={listClassName}>
        {groupItems.map((item) => (
          <li key={keyOf(item)}>{renderItem(item)}</li>
        ))}
      </ul>
    </section>
  ));
}
