import clsx from 'clsx';
import { Star } from 'lucide-react';
import { useId } from 'react';
import { errorId } from '@/components/ui/field';
import { starsLabel } from '../review-date';

type RatingInputProps = {
  value: number | null;
  error?: string | undefined;
  onChange: (rating: number) => void;
};

/**
 * Native radios in a fieldset: arrow keys move between them and screen readers announce
 * "4 stars, 4 of 5". Each input is transparent and laid over its star, so the star is what
 * people see and the input is what they click or tap.
 */
export function RatingInput({ value, error, onChange }: RatingInputProps) {
  const name = useId();
  return (
    <fieldset
      className={clsx('mb-5', error && 'border-l-4 border-danger pl-3')}
      aria-describedby={error ? errorId(name) : undefined}
    >
      <legend className="mb-1 text-lg font-bold">Your rating</legend>
      {error && (
        <p id={errorId(name)} className="mb-1 font-bold text-danger">
          <span className="sr-only">Error:</span> {error}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-1">
        {[1, 2, 3, 4, 5].map((rating) => (
          <label
            key={rating}
            className="relative inline-flex min-h-11 min-w-11 cursor-pointer items-center justify-center rounded has-[:focus-visible]:bg-focus has-[:focus-visible]:shadow-[0_2px_var(--color-ink)]"
          >
            <input
              type="radio"
              name={name}
              value={rating}
              checked={value === rating}
              onChange={() => onChange(rating)}
              className="absolute inset-0 m-0 cursor-pointer opacity-0"
            />
            <Star
              aria-hidden="true"
              className={clsx(
                'size-8 text-ink',
                value !== null && rating <= value ? 'fill-amber-400' : 'fill-none',
              )}
            />
            <span className="sr-only">{starsLabel(rating)}</span>
          </label>
        ))}
        <span aria-hidden="true" className="ml-2 text-lg">
          {value === null ? 'Not rated yet' : `${value} out of 5`}
        </span>
      </div>
    </fieldset>
  );
}
