import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import * as reviews from '@locals/contracts/routes/reviews';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/auth';

export const REVIEWS_PAGE_SIZE = 10;

export const reviewsQueryKey = (serviceId: string) => ['reviews', serviceId] as const;

export function getReviews(serviceId: string, page: number, signal?: AbortSignal) {
  return api(
    reviews.listReviews,
    { params: { id: serviceId }, query: { page, pageSize: REVIEWS_PAGE_SIZE } },
    { signal },
  );
}

/** `viewer` is part of the key because `isMine` and `myReview` depend on who is asking. */
export function reviewsQueryOptions(serviceId: string, viewer: string) {
  return infiniteQueryOptions({
    queryKey: [...reviewsQueryKey(serviceId), viewer],
    queryFn: ({ pageParam, signal }) => getReviews(serviceId, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (lastPage) => (lastPage.hasMore ? lastPage.page + 1 : undefined),
  });
}

/** A service's reviews, newest first, a page of 10 at a time ("Show more reviews"). */
export function useReviews(serviceId: string) {
  const session = useSession();
  const viewer = session.isSignedIn ? session.user.id : 'anonymous';
  // Waiting for the session avoids asking twice (signed out, then signed in) on first load.
  return useInfiniteQuery({
    ...reviewsQueryOptions(serviceId, viewer),
    enabled: !session.isPending,
  });
}
