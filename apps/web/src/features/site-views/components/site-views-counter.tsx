import { useSiteViews } from '../api/use-site-views';

const numberFormat = new Intl.NumberFormat('en-GB');

function plural(count: number, word: string): string {
  return `${numberFormat.format(count)} ${word}${count === 1 ? '' : 's'}`;
}

export function SiteViewsCounter() {
  const { data, isPending, isError } = useSiteViews();

  if (isPending) return <p>Loading views...</p>;
  // A failed count is silent; the rest of the page is what matters.
  if (isError) return null;
  return (
    <p>
      {plural(data.TotalViews, 'visit')} · {numberFormat.format(data.TodayViews)} today
    </p>
  );
}
