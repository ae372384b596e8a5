import type { Review } from '@locals/contracts/reviews';
import { ReviewItem } from './review-item';

type ReviewListProps = { reviews: Review[]; serviceName: string; onDeleted: () => void };

export function ReviewList({ reviews, serviceName, onDeleted }: ReviewListProps) {
  if (reviews.length === 0) return null;
  return (
    <ol aria-label={`Reviews of ${serviceName}`} className="mb-4">
      {reviews.map((review) => (
        <ReviewItem key={review.id} review={review} onDeleted={onDeleted} />
      ))}
    </ol>
  );
}
