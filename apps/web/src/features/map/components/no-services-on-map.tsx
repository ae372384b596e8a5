import type { Helpline } from '@locals/contracts/helplines';
import type { Coverage } from '@locals/contracts/search';
import { Link } from 'react-router';
import { HelplineList } from '@/components/helplines/helpline-list';
import { buttonClassName } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { criteriaParams } from '@/lib/search-criteria';
import type { SearchCriteria } from '@/lib/search-criteria';

type NoServicesOnMapProps = {
  criteria: SearchCriteria;
  coverage: Coverage;
  helplines: Helpline[];
  /** Plain words about the lines, such as a need with no line for the person's nation. */
  helplineNotice?: string | null;
};

/**
 * /map's empty state. Where Locals does not cover the place yet (decision 011), it says so and
 * lists the national helplines, as /results does, instead of sending the person back to search
 * again.
 */
export function NoServicesOnMap({
  criteria,
  coverage,
  helplines,
  helplineNotice = null,
}: NoServicesOnMapProps) {
  const heading = coverage.covered
    ? 'No services to display on map'
    : (coverage.message?.replace(/\.$/, '') ??
      `Locals does not cover ${coverage.areaName ?? 'this area'} yet`);
  return (
    <section aria-labelledby="map-empty-heading" className="max-w-prose">
      <h2 id="map-empty-heading" className="mb-4 text-3xl font-extrabold">
        {heading}
      </h2>
      {!coverage.covered && (
        <p className="mb-6 text-lg">
          Locals lists services in Bristol, South Gloucestershire and London for now, with more
          places to come. These national helplines can help wherever you are.
        </p>
      )}
      <HelplineList helplines={helplines} notice={helplineNotice} headingLevel={3} />
      <Link
        to={`${paths.search}?${criteriaParams(criteria).toString()}`}
        className={buttonClassName()}
      >
        Back to Search
      </Link>
    </section>
  );
}
