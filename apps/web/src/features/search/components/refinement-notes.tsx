import type { SearchRefinements } from '@locals/contracts/search';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { resultsSearch } from '@/lib/search-criteria';
import type { SearchCriteria } from '@/lib/search-criteria';

type RefinementNotesProps = {
  refinements: SearchRefinements | null | undefined;
  criteria: SearchCriteria;
};

/** "312 of these services do not say which ages they serve." */
export function agesNotStatedNote(count: number): string {
  return count === 1
    ? '1 of these services does not say which ages it serves.'
    : `${count} of these services do not say which ages they serve.`;
}

/** "14 services are not shown because Locals does not know their opening hours." */
export function hoursNotKnownNote(count: number): string {
  return count === 1
    ? '1 service is not shown because Locals does not know its opening hours.'
    : `${count} services are not shown because Locals does not know their opening hours.`;
}

/**
 * What the age and open-now filters did beyond the list (decision 045): the results kept though
 * they state no ages, and the services left out for having no hours, with a link that shows them.
 */
export function RefinementNotes({ refinements, criteria }: RefinementNotesProps) {
  const ages = refinements?.agesNotStated ?? 0;
  const hours = refinements?.hoursNotKnown ?? 0;
  if (ages === 0 && hours === 0) return null;
  const withUnknownHours = resultsSearch({ ...criteria, includeUnknownHours: true });
  return (
    <div className="mb-4 max-w-prose text-lg">
      {ages > 0 && <p className="mb-2">{agesNotStatedNote(ages)}</p>}
      {hours > 0 && (
        <p className="mb-2">
          {hoursNotKnownNote(hours)}{' '}
          <Link to={`${paths.results}${withUnknownHours}`}>
            Show services whose hours are not known too
          </Link>
        </p>
      )}
    </div>
  );
}
