import { categoryLabel } from '@locals/contracts/categories';
import type { CategoryGap } from '@locals/contracts/search';
import type { ReactNode } from 'react';

type CategoryGapNoticeProps = {
  gap: CategoryGap;
  /** The national helplines for the category, composed by the page. */
  children?: ReactNode;
};

/** Decision 011: a category with no real service nearby says so, with who can help instead. */
export function CategoryGapNotice({ gap, children }: CategoryGapNoticeProps) {
  const label = categoryLabel(gap.category) ?? gap.category;
  return (
    <section
      aria-labelledby="category-gap-heading"
      className="mb-6 max-w-prose border-l-8 border-brand p-4"
    >
      <h2 id="category-gap-heading" className="mb-2 text-2xl font-bold">
        No local {label} services listed yet
      </h2>
      <p className="mb-4 text-lg">{gap.message}</p>
      {children}
    </section>
  );
}
