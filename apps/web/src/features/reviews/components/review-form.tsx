import { MAX_REVIEW_LENGTH } from '@locals/contracts/limits';
import type { Review } from '@locals/contracts/reviews';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { TextAreaField } from '@/components/ui/field';
import { failureToast, useToast } from '@/components/ui/toast-context';
import { isApiError } from '@/lib/api-client';
import { useSaveReview } from '../api/save-review';
import { characterCount } from '@/lib/character-count';
import { RatingInput } from './rating-input';

type ReviewFormProps = {
  serviceId: string;
  /** The person's review of this service, which the form edits; null to write one. */
  myReview: Review | null;
};

type FieldErrors = { rating?: string | undefined; reviewText?: string | undefined };

export function ReviewForm({ serviceId, myReview }: ReviewFormProps) {
  const headingId = useId();
  const textId = useId();
  const [rating, setRating] = useState<number | null>(myReview?.rating ?? null);
  const [text, setText] = useState(myReview?.reviewText ?? '');
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const saveReview = useSaveReview(serviceId);
  const { toast } = useToast();
  const count = characterCount(text, MAX_REVIEW_LENGTH, 'Review');
  const trimmed = text.trim();
  const canSubmit =
    rating !== null && trimmed.length > 0 && !count.isTooLong && !saveReview.isPending;

  // mutateAsync: closing the detail mid-save unmounts this form, which would silently drop
  // mutate's own callbacks, and with them the toast saying whether the review was saved.
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSubmit) return;
    try {
      await saveReview.mutateAsync({ serviceId, rating, reviewText: trimmed });
    } catch (error) {
      // The rating and text stay in the form so the person can send them again.
      if (isApiError(error)) {
        setServerErrors({
          rating: error.fieldErrors.rating?.[0],
          reviewText: error.fieldErrors.reviewText?.[0],
        });
      }
      toast(failureToast('Failed to save review.', error));
      return;
    }
    toast({ title: 'Review Saved', description: 'Thank you for your review.' });
  }

  const tooLongError = count.tooLongError;
  return (
    <section aria-labelledby={headingId} className="mb-6 rounded bg-surface p-4">
      <h4 id={headingId} className="mb-3 text-lg font-bold">
        {myReview ? 'Edit your review' : 'Write a review'}
      </h4>
      <form noValidate method="post" onSubmit={(event) => void submit(event)}>
        <RatingInput
          value={rating}
          error={serverErrors.rating}
          onChange={(nextRating) => {
            setServerErrors((errors) => ({ ...errors, rating: undefined }));
            setRating(nextRating);
          }}
        />
        <TextAreaField
          id={textId}
          name="reviewText"
          label="Your review"
          hint={count.hint}
          error={tooLongError ?? serverErrors.reviewText}
          value={text}
          onChange={(event) => {
            setServerErrors((errors) => ({ ...errors, reviewText: undefined }));
            setText(event.target.value);
          }}
        />
        <Button type="submit" disabled={!canSubmit}>
          {saveReview.isPending ? 'Submitting...' : 'Submit review'}
        </Button>
      </form>
    </section>
  );
}
