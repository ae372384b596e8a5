import type { PossibleDuplicate } from '@locals/contracts/moderation';

const REASON_TEXT = { name: 'Same name', postcode: 'Same postcode' } as const;

/** Listed services that may be the same organisation, so a moderator does not list it twice. */
export function PossibleDuplicates({ duplicates }: { duplicates: PossibleDuplicate[] }) {
  return (
    <section aria-labelledby="duplicates-heading" className="mb-8">
      <h2 id="duplicates-heading" className="mb-2 text-2xl font-bold">
        Possible duplicates
      </h2>
      {duplicates.length === 0 ? (
        <p className="text-lg">No listings share this name or postcode.</p>
      ) : (
        <ul className="space-y-3 text-lg">
          {duplicates.map((duplicate) => (
            <li key={duplicate.id} className="border-l-4 border-line pl-3">
              <p className="font-bold">{duplicate.name}</p>
              <p>
                {[duplicate.address, duplicate.postcode].filter(Boolean).join(', ') || 'No address'}
              </p>
              <p>
                Why it matched:{' '}
                {duplicate.reasons.map((reason) => REASON_TEXT[reason]).join(' and ')}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
