import type { Review } from '@locals/contracts/reviews';
import { useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useSession } from '@/lib/auth';
import { useReviews } from '../api/get-reviews';
import { RatingSummary } from './rating-summary';
import { ReviewForm } from './review-form';
import { ReviewList } from './review-list';
import { ReviewsErrorBoundary } from './reviews-error-boundary';
import { SignInToReview } from './sign-in-to-review';

type ReviewsSectionProps = { serviceId: string; serviceName: string };

/** A service's reviews, with a form to write or edit one's own when signed in. */
export function ReviewsSection({ serviceId, serviceName }: ReviewsSectionProps) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  return (
    <section aria-labelledby={headingId} className="mt-6">
      {/* Takes focus after a delete, whose buttons are gone with the review. */}
      <h3 id={headingId} ref={headingRef} tabIndex={-1} className="mb-2 text-xl font-bold">
        Reviews
      </h3>
      <ReviewsErrorBoundary>
        <ReviewsContent
          serviceId={serviceId}
          serviceName={serviceName}
          onDeleted={() => headingRef.current?.focus()}
        />
      </ReviewsErrorBoundary>
    </section>
  );
}

type ReviewsContentProps = ReviewsSectionProps & { onDeleted: () => void };

function ReviewsContent({ serviceId, serviceName, onDeleted }: ReviewsContentProps) {
  const session = useSession();
  const reviews = useReviews(serviceId);
  // A new key after a delete starts the form afresh, as "Write a review".
  const [formGeneration, setFormGeneration] = useState(0);

  // A failed refresh or "Show more" keeps what is already shown, so test for data, not errors.
  if (!reviews.data) {
    if (reviews.isError) {
      return <p>Reviews could not be loaded just now. Please try again later.</p>;
    }
    return <p role="status">Loading reviews...</p>;
  }

  const [firstPage] = reviews.data.pages;
  const list = uniqueById(reviews.data.pages.flatMap((page) => page.reviews));

  return (
    <>
      {firstPage && <RatingSummary {...firstPage} />}
      {session.isSignedIn ? (
        <ReviewForm
          key={formGeneration}
          serviceId={serviceId}
          myReview={firstPage?.myReview ?? null}
        />
      ) : (
        <SignInToReview />
      )}
      <ReviewList
        reviews={list}
        serviceName={serviceName}
        onDeleted={() => {
          setFormGeneration((generation) => generation + 1);
          onDeleted();
        }}
      />
      {reviews.isFetchNextPageError && (
        <p role="alert" className="mb-2">
          More reviews could not be loaded. Please try again.
        </p>
      )}
      {reviews.hasNextPage && (
        <Button
          variant="secondary"
          disabled={reviews.isFetchingNextPage}
          onClick={() => void reviews.fetchNextPage()}
        >
          {reviews.isFetchingNextPage ? 'Loading more reviews...' : 'Show more reviews'}
        </Button>
      )}
    </>
  );
}

/** A review written while someone pages through could arrive on two pages; show it once. */
function uniqueById(reviews: Review[]): Review[] {
  return [...new Map(reviews.map((review) => [review.id, review])).values()];
}
