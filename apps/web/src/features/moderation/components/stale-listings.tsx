import type { StaleListing } from '@locals/contracts/moderation';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { longDate } from '@/lib/long-date';
import { useStaleListings } from '../api/list-stale-listings';
import { BackToModeration } from './back-to-moderation';
import { Pager } from './pager';
import { QueryProblem } from './query-problem';
import { ScrollTable } from './scroll-table';

const TITLE = 'Listings not checked for 12 months';

function StaleListingRow({ listing }: { listing: StaleListing }) {
  return (
    <tr>
      <th scope="row" className="font-normal">
        {listing.name}
      </th>
      <td>{listing.postcode ?? 'None'}</td>
      <td>{listing.lastChecked ? longDate(listing.lastChecked) : 'Never'}</td>
      <td className="break-all">{listing.contactEmail ?? 'No one: the listing has no email'}</td>
      <td>{listing.nudgedAt ? `Sent ${longDate(listing.nudgedAt)}` : 'Not sent'}</td>
    </tr>
  );
}

export function StaleListings({ page }: { page: number }) {
  useDocumentTitle(page > 1 ? `${TITLE} (page ${page})` : TITLE);
  const query = useStaleListings(page);
  if (query.isPending) return <p role="status">Loading the listings...</p>;
  if (query.isError) {
    return (
      <QueryProblem
        error={query.error}
        what="the listings"
        onTryAgain={() => void query.refetch()}
      />
    );
  }
  const { listings, total, hasMore } = query.data;
  return (
    <>
      <BackToModeration />
      <h1 className="mb-4 text-4xl font-extrabold sm:text-5xl">{TITLE}</h1>
      <p className="mb-6 max-w-prose text-lg">
        {total === 1 ? '1 listing' : `${total} listings`} nobody has checked for 12 months. At 11
        months Locals emails the provider, or the listing&apos;s contact, to ask whether it is still
        right.
      </p>
      {listings.length === 0 ? (
        <p className="text-lg">Every listing has been checked in the last 12 months.</p>
      ) : (
        <ScrollTable
          caption={`Listings not checked, least recently checked first (page ${page})`}
          columns={['Listing', 'Postcode', 'Last checked', 'Who is asked', '11-month email']}
        >
          {listings.map((listing) => (
            <StaleListingRow key={listing.id} listing={listing} />
          ))}
        </ScrollTable>
      )}
      <Pager page={page} hasMore={hasMore} label="Pages of listings" />
    </>
  );
}
