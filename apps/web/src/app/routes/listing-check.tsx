import { useSearchParams } from 'react-router';
import { useNoIndex } from '@/hooks/use-no-index';
import { ListingCheck } from '@/features/providers/components/listing-check';

/** /listing-check?token=: "is your listing still correct?" from the 11-month email. */
export function ListingCheckRoute() {
  const [params] = useSearchParams();
  useNoIndex();
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <ListingCheck token={params.get('token') ?? ''} />
    </div>
  );
}
