import type { ReviewsResponse } from '@locals/contracts/reviews';
import { starsLabel } from '../review-date';
import { StarRating } from './star-rating';

type RatingSummaryProps = Pick<
  ReviewsResponse,
  'averageRating' | 'totalCount' | 'ratingDistribution'
>;

const RATINGS_HIGH_TO_LOW = [5, 4, 3, 2, 1] as const;

export function RatingSummary({
  averageRating,
  totalCount,
  ratingDistribution,
}: RatingSummaryProps) {
  if (totalCount === 0 || averageRating === null) {
    return <p className="mb-4 text-lg">No reviews yet</p>;
  }
  const average = averageRating.toFixed(1);
  return (
    <div className="mb-4 flex flex-wrap items-start gap-x-8 gap-y-3">
      <div>
        <p className="flex items-center gap-2">
          <span className="text-3xl font-bold">{average}</span>
          <span className="sr-only">out of 5 stars</span>
          <span aria-hidden="true">
            <StarRating rating={averageRating} size="large" />
          </span>
        </p>
        <p className="text-lg">{totalCount === 1 ? '1 review' : `${totalCount} reviews`}</p>
      </div>
      {/* The counts are text; the bars only repeat them for the eye. */}
      <ul aria-label="Ratings given" className="min-w-48 grow space-y-1">
        {RATINGS_HIGH_TO_LOW.map((rating) => {
          const count = ratingDistribution[rating];
          return (
            <li key={rating} className="flex items-center gap-2">
              <span className="w-16 shrink-0">{starsLabel(rating)}</span>
              <span aria-hidden="true" className="h-3 grow rounded bg-surface ring-1 ring-line">
                <span
                  className="block h-full rounded bg-brand"
                  style={{ width: `${(count / totalCount) * 100}%` }}
                />
              </span>
              <span className="w-8 shrink-0 text-right">
                {count}
                <span className="sr-only">{count === 1 ? ' review' : ' reviews'}</span>
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
