import clsx from 'clsx';
import { Star } from 'lucide-react';

type StarRatingProps = { rating: number; size?: 'small' | 'large' };

/** Five stars, filled to the rating (rounded), named as text: "4 out of 5 stars". */
export function StarRating({ rating, size = 'small' }: StarRatingProps) {
  const filled = Math.round(rating);
  return (
    <span role="img" aria-label={`${rating} out of 5 stars`} className="inline-flex gap-0.5">
      {[1, 2, 3, 4, 5].map((position) => (
        <Star
          key={position}
          aria-hidden="true"
          className={clsx(
            size === 'large' ? 'size-6' : 'size-5',
            'text-ink',
            position <= filled ? 'fill-amber-400' : 'fill-none',
          )}
        />
      ))}
    </span>
  );
}
