import type { KeywordMatch } from '@locals/contracts/search';

/**
 * How the keyword was understood (decision 011): the API's fallback message ("No exact matches for
 * 'food bank'; showing services matching 'food'") and a note when near spellings were used.
 */
export function KeywordNotice({ keyword }: { keyword: KeywordMatch | null }) {
  const isSpelling = keyword?.match === 'spelling';
  if (!keyword || (!keyword.message && !isSpelling)) return null;
  return (
    <div className="mb-4 max-w-prose border-l-8 border-brand bg-brand-light p-4 text-lg">
      {isSpelling && <p className="font-bold">Showing results for similar spellings</p>}
      {keyword.message && <p>{keyword.message}</p>}
    </div>
  );
}
