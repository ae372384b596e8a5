import { useQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { buildUser, signedInAs, signedOut } from '@/testing/auth';
import { callsTo, jsonResponse, stubApi } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';
import { buildReview, REVIEWS_PATH, SERVICE_ID, stubReviewsApi } from '../testing/stub-reviews-api';
import { ReviewsSection } from './reviews-section';

const signedIn = { 'GET /api/auth/me': signedInAs(buildUser()) };
const anonymous = { 'GET /api/auth/me': signedOut };

function renderSection() {
  renderWithProviders(
    <ReviewsSection serviceId={SERVICE_ID} serviceName="Harbourside Food Bank" />,
  );
  return { user: userEvent.setup(), section: screen.getByRole('region', { name: 'Reviews' }) };
}

function reviewList() {
  return within(screen.getByRole('list', { name: 'Reviews of Harbourside Food Bank' }));
}

describe('ReviewsSection', () => {
  it('shows the average, the count, the distribution as text and the reviews newest first', async () => {
    stubReviewsApi(
      [
        buildReview(1, { rating: 4, userName: 'Sam P.', createdAt: '2026-11-22T12:05:00.000Z' }),
        buildReview(2, { rating: 5, userName: 'Priya K.', createdAt: '2026-10-03T12:00:00.000Z' }),
        buildReview(3, { rating: 4 }),
      ],
      anonymous,
    );
    const { section } = renderSection();

    expect(await within(section).findByText('4.3')).toBeInTheDocument();
    expect(within(section).getByText('3 reviews')).toBeInTheDocument();
    const ratings = within(within(section).getByRole('list', { name: 'Ratings given' }));
    expect(ratings.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '5 stars1 review',
      '4 stars2 reviews',
      '3 stars0 reviews',
      '2 stars0 reviews',
      '1 star0 reviews',
    ]);

    const [first, second] = reviewList().getAllByRole('listitem');
    expect(within(first!).getByRole('img', { name: '4 out of 5 stars' })).toBeInTheDocument();
    expect(first).toHaveTextContent('Sam P.');
    expect(first).toHaveTextContent('22 Nov 2026');
    expect(first).toHaveTextContent('Review number 1');
    expect(within(second!).getByRole('img', { name: '5 out of 5 stars' })).toBeInTheDocument();
    expect(second).toHaveTextContent('3 Oct 2026');
  });

  it('says "No reviews yet" for a service nobody has reviewed', async () => {
    stubReviewsApi([], anonymous);
    const { section } = renderSection();

    expect(await within(section).findByText('No reviews yet')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: /Reviews of/ })).not.toBeInTheDocument();
  });

  it('shows markup in a review as text and never runs it', async () => {
    stubReviewsApi([buildReview(1, { reviewText: '<script>alert(1)</script>' })], anonymous);
    renderSection();

    expect(await screen.findByText('<script>alert(1)</script>')).toBeInTheDocument();
    expect(document.querySelector('script')).toBeNull();
  });

  it('pages through reviews ten at a time with "Show more reviews"', async () => {
    const { requests } = stubReviewsApi(
      Array.from({ length: 15 }, (_, index) => buildReview(index + 1)),
      anonymous,
    );
    const { user } = renderSection();

    await screen.findByText('Review number 1');
    expect(reviewList().getAllByRole('listitem')).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: 'Show more reviews' }));

    expect(await screen.findByText('Review number 15')).toBeInTheDocument();
    expect(reviewList().getAllByRole('listitem')).toHaveLength(15);
    expect(screen.queryByRole('button', { name: 'Show more reviews' })).not.toBeInTheDocument();
    const pages = callsTo(requests, 'GET', REVIEWS_PATH).map((request) => [
      request.query.get('page'),
      request.query.get('pageSize'),
    ]);
    expect(pages).toEqual([
      ['1', '10'],
      ['2', '10'],
    ]);
  });

  it('keeps the reviews shown when loading more fails', async () => {
    const firstPage = Array.from({ length: 10 }, (_, index) => buildReview(index + 1));
    stubApi({
      ...anonymous,
      [`GET ${REVIEWS_PATH}`]: (request) =>
        request.query.get('page') === '1'
          ? jsonResponse({
              reviews: firstPage,
              totalCount: 12,
              averageRating: 5,
              ratingDistribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 12 },
              page: 1,
              pageSize: 10,
              hasMore: true,
              myReview: null,
            })
          : jsonResponse({ code: 'internal', message: 'Down' }, 503),
    });
    const { user } = renderSection();

    await user.click(await screen.findByRole('button', { name: 'Show more reviews' }));

    expect(await screen.findByText(/More reviews could not be loaded/)).toBeInTheDocument();
    expect(reviewList().getAllByRole('listitem')).toHaveLength(10);
    expect(screen.getByRole('button', { name: 'Show more reviews' })).toBeEnabled();
  });

  it('says when the reviews cannot be loaded', async () => {
    stubApi({
      ...anonymous,
      [`GET ${REVIEWS_PATH}`]: () => jsonResponse({ code: 'internal', message: 'Down' }, 503),
    });
    renderSection();

    expect(await screen.findByText(/Reviews could not be loaded just now/)).toBeInTheDocument();
  });

  it('signed out: offers to sign in instead of a form, and opens the login prompt', async () => {
    stubReviewsApi([buildReview(1)], anonymous);
    const { user, section } = renderSection();

    expect(await within(section).findByText('Sign in to write a review.')).toBeInTheDocument();
    expect(within(section).queryByRole('form')).not.toBeInTheDocument();
    expect(within(section).queryByText('Write a review')).not.toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Sign in' }));

    const prompt = await screen.findByRole('dialog', { name: 'Welcome to Locals' });
    expect(within(prompt).getByRole('button', { name: 'Login or Register' })).toBeInTheDocument();
  });
});

describe('ReviewsSection: writing a review', () => {
  /** Counts how often the service's detail is fetched, to see the rating refresh. */
  function ServiceDetailProbe({ onFetch }: { onFetch: () => void }) {
    useQuery({
      queryKey: ['services', 'detail', SERVICE_ID],
      queryFn: () => {
        onFetch();
        return { id: SERVICE_ID };
      },
    });
    return null;
  }

  it('keeps Submit disabled until a rating and text are given; arrow keys choose the stars', async () => {
    stubReviewsApi([], signedIn);
    const { user, section } = renderSection();

    await within(section).findByRole('heading', { name: 'Write a review' });
    const submit = within(section).getByRole('button', { name: 'Submit review' });
    const rating = within(section).getByRole('group', { name: 'Your rating' });
    expect(submit).toBeDisabled();

    await user.click(within(rating).getByRole('radio', { name: '2 stars' }));
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(within(rating).getByRole('radio', { name: '4 stars' })).toBeChecked();
    expect(submit).toBeDisabled();

    await user.type(within(section).getByLabelText('Your review'), '   ');
    expect(submit).toBeDisabled();
    await user.type(within(section).getByLabelText('Your review'), 'Kind and quick.');
    expect(submit).toBeEnabled();
  });

  it('sends the review, thanks the person, lists it and refreshes the service rating', async () => {
    const { requests } = stubReviewsApi([buildReview(1, { rating: 2 })], signedIn);
    const fetchDetail = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <ServiceDetailProbe onFetch={fetchDetail} />
        <ReviewsSection serviceId={SERVICE_ID} serviceName="Harbourside Food Bank" />
      </>,
    );
    const section = screen.getByRole('region', { name: 'Reviews' });
    await within(section).findByRole('heading', { name: 'Write a review' });
    expect(fetchDetail).toHaveBeenCalledTimes(1);

    await user.click(within(section).getByRole('radio', { name: '4 stars' }));
    await user.type(within(section).getByLabelText('Your review'), '  Kind and quick.  ');
    await user.click(within(section).getByRole('button', { name: 'Submit review' }));

    expect(await screen.findByText('Review Saved')).toBeInTheDocument();
    expect(screen.getByText('Thank you for your review.')).toBeInTheDocument();
    expect(callsTo(requests, 'POST', '/api/reviews')[0]?.body).toEqual({
      serviceId: SERVICE_ID,
      rating: 4,
      reviewText: 'Kind and quick.',
    });
    const [mine] = reviewList().getAllByRole('listitem');
    expect(mine).toHaveTextContent('Ada L.(your review)');
    expect(mine).toHaveTextContent('Kind and quick.');
    expect(within(section).getByText('3.0')).toBeInTheDocument();
    expect(within(section).getByText('2 reviews')).toBeInTheDocument();
    expect(within(section).getByRole('heading', { name: 'Edit your review' })).toBeInTheDocument();
    expect(fetchDetail).toHaveBeenCalledTimes(2);
  });

  it('says "Submitting..." while the review is being sent', async () => {
    let answer: (response: Response) => void = () => {};
    stubReviewsApi([], {
      ...signedIn,
      'POST /api/reviews': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const { user, section } = renderSection();

    await user.click(await within(section).findByRole('radio', { name: '5 stars' }));
    await user.type(within(section).getByLabelText('Your review'), 'Brilliant.');
    await user.click(within(section).getByRole('button', { name: 'Submit review' }));

    expect(await within(section).findByRole('button', { name: 'Submitting...' })).toBeDisabled();
    answer(jsonResponse({ success: true, review: buildReview(99, { isMine: true }) }, 201));
    expect(await screen.findByText('Review Saved')).toBeInTheDocument();
  });

  it('keeps the rating and text when saving fails', async () => {
    stubReviewsApi([], {
      ...signedIn,
      'POST /api/reviews': () =>
        jsonResponse({ code: 'internal', message: 'Something went wrong' }, 500),
    });
    const { user, section } = renderSection();

    await user.click(await within(section).findByRole('radio', { name: '3 stars' }));
    await user.type(within(section).getByLabelText('Your review'), 'Long wait, kind staff.');
    await user.click(within(section).getByRole('button', { name: 'Submit review' }));

    expect(await screen.findByText('Failed to save review.')).toBeInTheDocument();
    expect(within(section).getByRole('radio', { name: '3 stars' })).toBeChecked();
    expect(within(section).getByLabelText('Your review')).toHaveValue('Long wait, kind staff.');
  });

  it('shows field errors a 400 sends back beside the rating and the text', async () => {
    stubReviewsApi([], {
      ...signedIn,
      'POST /api/reviews': () =>
        jsonResponse(
          {
            code: 'validation',
            message: 'Check your review',
            fieldErrors: { reviewText: ['Review cannot contain links'] },
          },
          400,
        ),
    });
    const { user, section } = renderSection();

    await user.click(await within(section).findByRole('radio', { name: '3 stars' }));
    await user.type(within(section).getByLabelText('Your review'), 'www.example.org');
    await user.click(within(section).getByRole('button', { name: 'Submit review' }));

    expect(await screen.findByText('Failed to save review.')).toBeInTheDocument();
    expect(within(section).getByLabelText('Your review')).toHaveAccessibleDescription(
      /Error: Review cannot contain links/,
    );
  });

  it('prefills "Edit your review" with the person\'s review, and posting again edits it', async () => {
    const mine = buildReview(7, { rating: 2, reviewText: 'Too slow.', isMine: true });
    const { requests } = stubReviewsApi([buildReview(1), mine], signedIn);
    const { user, section } = renderSection();

    await within(section).findByRole('heading', { name: 'Edit your review' });
    expect(within(section).getByRole('radio', { name: '2 stars' })).toBeChecked();
    const text = within(section).getByLabelText('Your review');
    expect(text).toHaveValue('Too slow.');

    await user.click(within(section).getByRole('radio', { name: '4 stars' }));
    await user.clear(text);
    await user.type(text, 'Much quicker now.');
    await user.click(within(section).getByRole('button', { name: 'Submit review' }));

    expect(await screen.findByText('Review Saved')).toBeInTheDocument();
    expect(callsTo(requests, 'POST', '/api/reviews')[0]?.body).toMatchObject({
      rating: 4,
      reviewText: 'Much quicker now.',
    });
    expect(await reviewList().findByText('Much quicker now.')).toBeInTheDocument();
  });

  it('lets the author delete their own review after a confirm step', async () => {
    const mine = buildReview(7, { rating: 2, reviewText: 'Too slow.', isMine: true });
    const { requests } = stubReviewsApi([buildReview(1), mine], signedIn);
    const { user, section } = renderSection();

    await within(section).findByRole('heading', { name: 'Edit your review' });
    const [other, own] = reviewList().getAllByRole('listitem');
    expect(within(other!).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();

    await user.click(within(own!).getByRole('button', { name: 'Delete your review' }));
    const question = within(own!).getByRole('group', { name: /Delete your review\?/ });
    expect(within(question).getByRole('button', { name: 'Yes, delete review' })).toHaveFocus();
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(within(own!).getByRole('button', { name: 'Delete your review' })).toHaveFocus();

    await user.click(within(own!).getByRole('button', { name: 'Delete your review' }));
    await user.click(within(own!).getByRole('button', { name: 'Yes, delete review' }));

    expect(await screen.findByText('Review Deleted')).toBeInTheDocument();
    expect(callsTo(requests, 'DELETE', `/api/reviews/${mine.id}`)).toHaveLength(1);
    await waitFor(() => expect(reviewList().getAllByRole('listitem')).toHaveLength(1));
    expect(within(section).getByRole('heading', { name: 'Write a review' })).toBeInTheDocument();
    expect(within(section).getByLabelText('Your review')).toHaveValue('');
    expect(within(section).getByRole('heading', { name: 'Reviews' })).toHaveFocus();
  });

  it('says so when deleting fails, and keeps the review', async () => {
    const mine = buildReview(7, { isMine: true });
    stubReviewsApi([mine], {
      ...signedIn,
      [`DELETE /api/reviews/${mine.id}`]: () =>
        jsonResponse({ code: 'internal', message: 'Something went wrong' }, 500),
    });
    const { user } = renderSection();

    await user.click(await screen.findByRole('button', { name: 'Delete your review' }));
    await user.click(screen.getByRole('button', { name: 'Yes, delete review' }));

    expect(await screen.findByText('Failed to delete review.')).toBeInTheDocument();
    expect(reviewList().getByText(mine.reviewText)).toBeInTheDocument();
  });

  describe('after a review is saved or deleted, its rating changes wherever it shows', () => {
    /** A query another screen keeps loaded, counting its fetches and saying if it is stale. */
    function LoadedElsewhere({ name, queryKey }: { name: string; queryKey: readonly unknown[] }) {
      const [fetches, setFetches] = useState(0);
      const { isStale } = useQuery({
        queryKey,
        queryFn: () => {
          setFetches((count) => count + 1);
          return { name };
        },
      });
      return <p>{`${name}: fetched ${fetches}, ${isStale ? 'stale' : 'fresh'}`}</p>;
    }

    function renderWithScreensBehind() {
      renderWithProviders(
        <>
          <LoadedElsewhere name="detail" queryKey={['services', 'detail', SERVICE_ID]} />
          <LoadedElsewhere name="results" queryKey={['services', 'search', 'postcode=BS1']} />
          <LoadedElsewhere name="map" queryKey={['services', 'map', 'postcode=BS1']} />
          <LoadedElsewhere name="bookmarks" queryKey={['bookmarks']} />
          <LoadedElsewhere name="share link" queryKey={['bookmarks', 'share']} />
          <LoadedElsewhere name="shared list" queryKey={['shared-bookmarks', 'token-1']} />
          <ReviewsSection serviceId={SERVICE_ID} serviceName="Harbourside Food Bank" />
        </>,
      );
      return { user: userEvent.setup(), section: screen.getByRole('region', { name: 'Reviews' }) };
    }

    async function expectRefreshed() {
      // The detail is read again before the toast; the lists behind it soon after.
      expect(screen.getByText('detail: fetched 2, fresh')).toBeInTheDocument();
      expect(await screen.findByText('bookmarks: fetched 2, fresh')).toBeInTheDocument();
      expect(await screen.findByText('shared list: fetched 2, fresh')).toBeInTheDocument();
      // Loaded result and map pages are re-read when next shown, not all at once now.
      expect(screen.getByText('results: fetched 1, stale')).toBeInTheDocument();
      expect(screen.getByText('map: fetched 1, stale')).toBeInTheDocument();
      expect(screen.getByText('share link: fetched 1, fresh')).toBeInTheDocument();
    }

    it('saved', async () => {
      stubReviewsApi([], signedIn);
      const { user, section } = renderWithScreensBehind();

      await user.click(await within(section).findByRole('radio', { name: '4 stars' }));
      await user.type(within(section).getByLabelText('Your review'), 'Kind and quick.');
      await user.click(within(section).getByRole('button', { name: 'Submit review' }));

      expect(await screen.findByText('Review Saved')).toBeInTheDocument();
      await expectRefreshed();
    });

    it('deleted', async () => {
      const mine = buildReview(7, { isMine: true });
      stubReviewsApi([mine], signedIn);
      const { user, section } = renderWithScreensBehind();

      await user.click(await within(section).findByRole('button', { name: 'Delete your review' }));
      await user.click(within(section).getByRole('button', { name: 'Yes, delete review' }));

      expect(await screen.findByText('Review Deleted')).toBeInTheDocument();
      await expectRefreshed();
    });
  });
});
