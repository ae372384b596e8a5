import type { Review } from '@locals/contracts/reviews';
import { useLayoutEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDelete } from '@/components/ui/confirm-delete';
import { failureToast, useToast } from '@/components/ui/toast-context';
import { useDeleteReview } from '../api/delete-review';
import { formatReviewDate } from '../review-date';
import { StarRating } from './star-rating';

type ReviewItemProps = { review: Review; onDeleted: () => void };

export function ReviewItem({ review, onDeleted }: ReviewItemProps) {
  const [isConfirming, setIsConfirming] = useState(false);
  const deleteButtonRef = useRef<HTMLButtonElement>(null);
  const deleteReview = useDeleteReview(review.serviceId);
  const { toast } = useToast();
  useFocusReturnAfterCancel(isConfirming, deleteButtonRef);

  // mutateAsync: the reviews are read again before the deletion settles, which unmounts this item
  // and would silently drop mutate's own callbacks (no toast, focus lost).
  async function confirmDelete() {
    try {
      await deleteReview.mutateAsync(review.id);
    } catch (error) {
      toast(failureToast('Failed to delete review.', error));
      return;
    }
    toast({ title: 'Review Deleted', description: 'Your review has been deleted.' });
    onDeleted();
  }

  return (
    <li className="border-t-2 border-line py-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <StarRating rating={review.rating} />
        <span className="font-bold">{review.userName}</span>
        {review.isMine && <span className="text-muted">(your review)</span>}
      </div>
      <p className="mb-1 text-muted">
        <time dateTime={review.createdAt}>{formatReviewDate(review.createdAt)}</time>
      </p>
      {/* Always plain text: React escapes it, so markup in a review is shown, never run. */}
      <p className="break-words whitespace-pre-line">{review.reviewText}</p>
      {review.isMine && !isConfirming && (
        <Button
          ref={deleteButtonRef}
          variant="secondary"
          className="mt-2"
          onClick={() => setIsConfirming(true)}
        >
          Delete your review
        </Button>
      )}
      {review.isMine && isConfirming && (
        <ConfirmDelete
          question="Delete your review? You cannot undo this."
          confirmLabel="Yes, delete review"
          className="mt-2"
          isDeleting={deleteReview.isPending}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setIsConfirming(false)}
        />
      )}
    </li>
  );
}

/** After "Cancel", the Delete button is back: give it focus rather than losing it. */
function useFocusReturnAfterCancel(
  isConfirming: boolean,
  deleteButtonRef: RefObject<HTMLButtonElement | null>,
) {
  const wasConfirming = useRef(isConfirming);
  useLayoutEffect(() => {
    if (wasConfirming.current && !isConfirming) deleteButtonRef.current?.focus();
    wasConfirming.current = isConfirming;
  }, [isConfirming, deleteButtonRef]);
}
