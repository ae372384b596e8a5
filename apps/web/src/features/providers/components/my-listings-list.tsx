import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useMyListings } from '../api/my-listings';
import { editListingHref, publicListingHref } from '../listing-links';
import { LastChecked } from '@/components/listing-check/last-checked';

/** The listings the signed-in provider manages, each with when it was last checked. */
export function MyListingsList() {
  const listingsQuery = useMyListings();

  if (listingsQuery.isPending) return <p role="status">Loading your listings...</p>;
  if (listingsQuery.isError) {
    return (
      <div role="alert">
        <p className="mb-2 text-lg">
          We could not load your listings. {listingsQuery.error.message}
        </p>
        <Button variant="secondary" onClick={() => void listingsQuery.refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  const { listings } = listingsQuery.data;
  if (listings.length === 0) {
    return (
      <p className="max-w-prose text-lg">
        You do not manage any listings yet. When your application is approved we will email you a
        link to manage your listing.
      </p>
    );
  }

  return (
    <ul className="space-y-3">
      {listings.map((listing) => (
        <li key={listing.id} className="rounded border-2 border-line p-4">
          <article aria-labelledby={`listing-${listing.id}`}>
            <h2 id={`listing-${listing.id}`} className="mb-1 text-2xl font-bold">
              {listing.name}
            </h2>
            {listing.postcode && <p className="mb-1 text-muted">{listing.postcode}</p>}
            <div className="mb-3">
              <LastChecked lastChecked={listing.lastChecked} stale={listing.stale} />
            </div>
            <ul className="flex flex-wrap gap-x-6 gap-y-2 text-lg">
              <li>
                <Link to={editListingHref(listing.id)} className="font-bold">
                  Edit <span className="sr-only">{listing.name}</span>
                </Link>
              </li>
              <li>
                <Link to={publicListingHref(listing.id, listing.postcode)}>View listing</Link>
              </li>
            </ul>
          </article>
        </li>
      ))}
    </ul>
  );
}
