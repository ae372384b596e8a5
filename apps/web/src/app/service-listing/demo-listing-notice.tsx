import type { CategoryId } from '@locals/contracts/categories';
import type { ServiceDetail } from '@locals/contracts/search';
import { useHelplines } from '@/components/helplines/get-helplines';
import { HelplineList } from '@/components/helplines/helpline-list';

function CategoryHelplines({ category }: { category: CategoryId }) {
  // Only the category's own helplines, never the whole list when none serves it (sport,
  // volunteering, transport): they are crisis, health and advice lines, and Samaritans or
  // Childline under an example walking group would read as the answer to what was asked. The
  // results page does the same (a search answers only the category's helplines). If they
  // cannot load, the notice stands alone: the results are still there behind the dialog.
  const helplines = useHelplines({ category }).data?.helplines ?? [];
  if (helplines.length === 0) return null;
  return (
    <div className="mt-4">
      <HelplineList
        helplines={helplines}
        headingLevel={3}
        heading="National helplines that can help"
      />
    </div>
  );
}

/**
 * A demo listing stands where Locals has no real one, so it says so and points to the
 * national helplines for its category. The dialog's description has already said it is an
 * example, not a real service.
 */
export function DemoListingNotice({ service }: { service: ServiceDetail }) {
  const category = service.categories[0];
  return (
    <div className="mb-6 max-w-prose border-l-8 border-brand p-4">
      <p className="text-lg">
        Locals has no real listing of this kind in this area yet. This example shows how one will
        look when an organisation joins.
      </p>
      {category && <CategoryHelplines category={category} />}
    </div>
  );
}
