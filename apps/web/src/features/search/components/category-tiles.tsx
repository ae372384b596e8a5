import { CATEGORIES } from '@locals/contracts/categories';
import { Link } from 'react-router';
import { searchByCategoryHref } from '@/config/paths';
import { CATEGORY_ICONS } from './category-icons';

export function CategoryTiles({ postcode }: { postcode: string }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
      {CATEGORIES.map((category) => {
        const Icon = CATEGORY_ICONS[category.id];
        return (
          <li key={category.id}>
            <Link
              to={searchByCategoryHref(category.id, postcode)}
              className="flex h-full min-h-24 flex-col items-center justify-center gap-2 rounded border-2 border-brand bg-white p-3 text-center text-lg font-semibold text-brand no-underline visited:text-brand hover:bg-brand-light hover:text-brand-dark"
            >
              <Icon aria-hidden="true" className="size-8" />
              {category.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
