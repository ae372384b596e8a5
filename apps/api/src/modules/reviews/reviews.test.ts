import { randomUUID } from 'node:crypto';
import type { ReviewsResponse } from '@locals/contracts/reviews';
import * as routes from '@locals/contracts/routes/reviews';
import { SearchResponseSchema, ServiceDetailResponseSchema } from '@locals/contracts/search';
import { reviews, services, users } from '@locals/db/schema';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkReply } from '../../testing/contract-reply';
import { aService, insertBristolGeography, insertServices } from '../../testing/directory-fixtures';
import {
  aVisitor,
  signedInUser,
  signedOutClient,
  type SignedInUser,
} from '../../testing/signed-in';
import { useTestApp } from '../../testing/test-app';
import { createReviewsRepository } from './reviews.repository';

type NewReview = { serviceId: string; rating: number; reviewText: string };

describe('reviews', () => {
  let sam: SignedInUser;
  let bob: SignedInUser;
  const testApp = useTestApp();
  beforeAll(async () => {
    await insertBristolGeography(testApp.database);
    sam = await signedInUser(testApp.app, { firstName: 'Sam', lastName: 'jones' });
    bob = await signedInUser(testApp.app, { firstName: 'Bob', lastName: 'Brown' });
  });

  /** A service of the test's own, so no test sees another's reviews. */
  async function aFreshService(name = `Reviewed service ${randomUUID()}`) {
    const id = `reviews-${randomUUID()}`;
    await insertServices(testApp.database, [aService({ id, name })]);
    return id;
  }
  /** Someone who has reviewed but is not signed in here: a row, no password, no session. */
  async function aReviewer(name: { firstName: string | null; lastName: string | null }) {
    const [row] = await testApp.database.db
      .insert(users)
      .values({
        email: `reviewer-${randomUUID()}@example.org`,
        ...name,
        issuer: 'test',
        subject: randomUUID(),
      })
      .returning({ id: users.id });
    return row!.id;
  }
  const repository = () => createReviewsRepository(testApp.database.db);
  /** For bodies the contract refuses on purpose. */
  const postReview = (person: SignedInUser, payload: object) =>
    person.send('POST', '/api/reviews', payload);
  const saveReview = (person: SignedInUser, review: NewReview) =>
    person.call(routes.saveReview, { body: review });
  /** A person's first review of the service (201). */
  const aReview = async (person: SignedInUser, review: NewReview) =>
    (await checkReply(routes.saveReview, await saveReview(person, review), 201)).review;
  const deleteReview = (person: SignedInUser, id: string) =>
    person.call(routes.deleteReview, { params: { id } });
  const listReviews = async (
    serviceId: string,
    query: { page?: number; pageSize?: number } = {},
    person: Pick<SignedInUser, 'call'> = aVisitor(testApp.app),
  ) => {
    const response = await person.call(routes.listReviews, { params: { id: serviceId }, query });
    return checkReply(routes.listReviews, response, 200);
  };
  const serviceRow = async (serviceId: string) => {
    const [row] = await testApp.database.db
      .select({ ratingAverage: services.ratingAverage, reviewCount: services.reviewCount })
      .from(services)
      .where(eq(services.id, serviceId));
    return row!;
  };
  const reviewRows = (serviceId: string) =>
    testApp.database.db.select().from(reviews).where(eq(reviews.serviceId, serviceId));

  describe('POST /api/reviews', () => {
    it('stores a first review (201), shown by first name and last initial', async () => {
      const serviceId = await aFreshService();

      const response = await saveReview(sam, {
        serviceId,
        rating: 4,
        reviewText: '  Friendly and quick.  ',
      });

      const { review } = await checkReply(routes.saveReview, response, 201);
      expect(review).toMatchObject({
        serviceId,
        rating: 4,
        reviewText: 'Friendly and quick.',
        userName: 'Sam J.',
        helpful: 0,
        isMine: true,
      });
      expect(response.body).not.toContain(sam.email);
      expect(response.body).not.toContain(sam.id);
      expect(await reviewRows(serviceId)).toMatchObject([
        { id: review.id, userId: sam.id, rating: 4, reviewText: 'Friendly and quick.' },
      ]);
    });

    it('edits the person’s existing review when they post again (200): one review per person per service', async () => {
      const serviceId = await aFreshService();
      const first = await aReview(sam, { serviceId, rating: 2, reviewText: 'Slow.' });

      const response = await saveReview(sam, {
        serviceId,
        rating: 5,
        reviewText: 'Much better now.',
      });

      const { review } = await checkReply(routes.saveReview, response, 200);
      expect(review).toMatchObject({
        id: first.id,
        rating: 5,
        reviewText: 'Much better now.',
      });
      expect(review.createdAt).toBe(first.createdAt);
      expect(await reviewRows(serviceId)).toHaveLength(1);
      expect(await serviceRow(serviceId)).toEqual({ ratingAverage: 5, reviewCount: 1 });
    });

    it('updates the rating and count that search cards and the detail show', async () => {
      const name = `Rated pantry ${randomUUID().slice(0, 8)}`;
      const serviceId = await aFreshService(name);
      await aReview(sam, { serviceId, rating: 5, reviewText: 'Lovely people.' });

      await aReview(bob, { serviceId, rating: 2, reviewText: 'Closed when it said open.' });

      expect(await serviceRow(serviceId)).toEqual({ ratingAverage: 3.5, reviewCount: 2 });
      const detail = await signedOutClient(testApp.app)('GET', `/api/services/${serviceId}`);
      expect(ServiceDetailResponseSchema.parse(detail.json()).data).toMatchObject({
        rating: 3.5,
        reviewCount: 2,
      });
      const search = await signedOutClient(testApp.app)(
        'GET',
        `/api/HealthServices/search-new?postcode=BS1%204DJ&distance=5&keyword=${encodeURIComponent(name)}`,
      );
      const card = SearchResponseSchema.parse(search.json()).results.find(
        (result) => result.id === serviceId,
      );
      expect(card).toMatchObject({ rating: 3.5, reviewCount: 2 });
    });

    it('returns text that looks like HTML exactly as written, as plain JSON text', async () => {
      const serviceId = await aFreshService();
      const reviewText = '<script>alert(1)</script> & <b>bold</b>';

      const response = await saveReview(sam, { serviceId, rating: 3, reviewText });

      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect((await checkReply(routes.saveReview, response, 201)).review.reviewText).toBe(
        reviewText,
      );
      expect((await listReviews(serviceId)).reviews[0]?.reviewText).toBe(reviewText);
    });

    it('ignores a userId in the body: the review belongs to the signed-in person', async () => {
      const serviceId = await aFreshService();

      const response = await postReview(sam, {
        serviceId,
        rating: 4,
        reviewText: 'Mine.',
        userId: bob.id,
      });

      await checkReply(routes.saveReview, response, 201);
      expect(await reviewRows(serviceId)).toMatchObject([{ userId: sam.id }]);
    });

    it.each([
      ['rating', { rating: 0 }, 'Choose a rating from 1 to 5 stars'],
      ['rating', { rating: 6 }, 'Choose a rating from 1 to 5 stars'],
      ['rating', { rating: 3.5 }, 'Choose a rating from 1 to 5 stars'],
      ['rating', { rating: 'lots' }, 'Choose a rating from 1 to 5 stars'],
      ['rating', { rating: undefined }, 'Choose a rating from 1 to 5 stars'],
      ['reviewText', { reviewText: '   ' }, 'Review is required'],
      ['reviewText', { reviewText: undefined }, 'Review is required'],
      ['reviewText', { reviewText: 'x'.repeat(2001) }, 'Review must be 2,000 characters or fewer'],
      ['serviceId', { serviceId: undefined }, 'serviceId is required'],
    ])('refuses a bad %s (%j) with "%s"', async (field, change, message) => {
      const serviceId = await aFreshService();

      const response = await postReview(sam, {
        serviceId,
        rating: 4,
        reviewText: 'Fine.',
        ...change,
      });

      expect(await checkReply(routes.saveReview, response, 400)).toEqual({
        code: 'validation_error',
        message,
        fieldErrors: { [field]: [message] },
      });
      expect(await reviewRows(serviceId)).toHaveLength(0);
    });

    it('answers 404 for a service that does not exist', async () => {
      const response = await saveReview(sam, {
        serviceId: 'no-such-service',
        rating: 4,
        reviewText: 'Fine.',
      });

      expect(await checkReply(routes.saveReview, response, 404)).toEqual({
        code: 'not_found',
        message: 'We could not find that service. It may have been removed.',
      });
    });

    it('answers 401 when signed out', async () => {
      const serviceId = await aFreshService();

      const response = await aVisitor(testApp.app).call(routes.saveReview, {
        body: { serviceId, rating: 4, reviewText: 'Fine.' },
      });

      expect(await checkReply(routes.saveReview, response, 401)).toEqual({
        code: 'unauthenticated',
        message: 'Please sign in.',
      });
    });

    it('answers 403 without the X-Requested-With header (a forged cross-site request)', async () => {
      const serviceId = await aFreshService();

      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/reviews',
        headers: { cookie: sam.cookie },
        payload: { serviceId, rating: 4, reviewText: 'Fine.' },
      });

      await checkReply(routes.saveReview, response, 403);
      expect(await reviewRows(serviceId)).toHaveLength(0);
    });

    it('keeps the service’s figures right when several people review at once', async () => {
      const serviceId = await aFreshService();
      const ratings = [5, 4, 4, 3, 1, 2, 5, 5];
      const reviewers = await Promise.all(
        ratings.map(() => aReviewer({ firstName: 'Pat', lastName: 'Lee' })),
      );

      await Promise.all(
        reviewers.map((userId, index) =>
          repository().save(
            userId,
            { serviceId, rating: ratings[index]!, reviewText: 'Hi.' },
            new Date(),
          ),
        ),
      );

      expect(await serviceRow(serviceId)).toEqual({ ratingAverage: 3.625, reviewCount: 8 });
    });
  });

  describe('GET /api/services/:id/reviews', () => {
    /** Five reviews a minute apart, oldest first, rated 5, 4, 4, 2, 1. */
    async function aReviewedService() {
      const serviceId = await aFreshService();
      const ratings = [5, 4, 4, 2, 1];
      const ids: string[] = [];
      for (const [index, rating] of ratings.entries()) {
        const userId = await aReviewer({ firstName: `Reviewer${index}`, lastName: 'Smith' });
        const at = new Date(Date.UTC(2025, 0, 1, 9, index));
        const saved = await repository().save(
          userId,
          { serviceId, rating, reviewText: `Review ${index}` },
          at,
        );
        ids.push(saved!.review.id);
      }
      return { serviceId, ids };
    }

    it('answers the newest first, a page at a time, with figures over every review', async () => {
      const { serviceId, ids } = await aReviewedService();

      const first = await listReviews(serviceId, { page: 1, pageSize: 2 });
      const last = await listReviews(serviceId, { page: 3, pageSize: 2 });

      const figures: Partial<ReviewsResponse> = {
        totalCount: 5,
        averageRating: 3.2,
        ratingDistribution: { 1: 1, 2: 1, 3: 0, 4: 2, 5: 1 },
      };
      expect(first).toMatchObject({ ...figures, page: 1, pageSize: 2, hasMore: true });
      expect(first.reviews.map((review) => review.id)).toEqual([ids[4], ids[3]]);
      expect(last).toMatchObject({ ...figures, page: 3, pageSize: 2, hasMore: false });
      expect(last.reviews.map((review) => review.id)).toEqual([ids[0]]);
    });

    it('keeps an edited review where it was written, below newer ones', async () => {
      const { serviceId, ids } = await aReviewedService();
      const [oldest] = await reviewRows(serviceId).then((rows) =>
        rows.filter((row) => row.id === ids[0]),
      );

      await repository().save(
        oldest!.userId,
        { serviceId, rating: 3, reviewText: 'Changed my mind.' },
        new Date(Date.UTC(2025, 0, 2)),
      );

      const page = await listReviews(serviceId);
      expect(page.reviews.map((review) => review.id)).toEqual([...ids].reverse());
      expect(page.reviews.at(-1)).toMatchObject({
        id: ids[0],
        rating: 3,
        reviewText: 'Changed my mind.',
        createdAt: '2025-01-01T09:00:00.000Z',
        updatedAt: '2025-01-02T00:00:00.000Z',
      });
      expect(page.ratingDistribution).toEqual({ 1: 1, 2: 1, 3: 1, 4: 2, 5: 0 });
    });

    it('orders reviews written at the same moment by id, the same way every time', async () => {
      const serviceId = await aFreshService();
      const at = new Date(Date.UTC(2025, 0, 1, 9));
      for (const index of [0, 1, 2]) {
        const userId = await aReviewer({ firstName: `Same${index}`, lastName: 'Time' });
        await repository().save(userId, { serviceId, rating: 4, reviewText: 'Same time' }, at);
      }

      const ids = (await listReviews(serviceId)).reviews.map((review) => review.id);

      expect(ids).toEqual([...ids].sort().reverse());
      expect((await listReviews(serviceId, { pageSize: 1, page: 2 })).reviews[0]?.id).toBe(ids[1]);
    });

    it('defaults to the first page of 10', async () => {
      const { serviceId } = await aReviewedService();

      const page = await listReviews(serviceId);

      expect(page).toMatchObject({ page: 1, pageSize: 10, hasMore: false });
      expect(page.reviews).toHaveLength(5);
    });

    it('shows a signed-in person their own review wherever it falls, marked as theirs', async () => {
      const { serviceId } = await aReviewedService();
      await repository().save(
        sam.id,
        { serviceId, rating: 4, reviewText: 'Mine, long ago.' },
        new Date(Date.UTC(2024, 0, 1)),
      );

      const asSam = await listReviews(serviceId, { pageSize: 2 }, sam);
      const asBob = await listReviews(serviceId, { pageSize: 2 }, bob);
      const signedOutPage = await listReviews(serviceId, { pageSize: 2 });

      expect(asSam.myReview).toMatchObject({ reviewText: 'Mine, long ago.', isMine: true });
      expect(asSam.reviews.every((review) => !review.isMine)).toBe(true);
      expect(asBob.myReview).toBeNull();
      expect(signedOutPage.myReview).toBeNull();
    });

    it.each([
      [{ firstName: 'Sam', lastName: 'Jones' }, 'Sam J.'],
      [{ firstName: ' Priya ', lastName: 'shah' }, 'Priya S.'],
      [{ firstName: 'Cher', lastName: null }, 'Cher'],
      [{ firstName: null, lastName: 'Jones' }, 'Locals member'],
      [{ firstName: null, lastName: null }, 'Locals member'],
      [{ firstName: 'sam@example.org', lastName: null }, 'Locals member'],
    ])('shows an author named %j as "%s", never by email or id', async (name, userName) => {
      const serviceId = await aFreshService();
      const userId = await aReviewer(name);
      await repository().save(userId, { serviceId, rating: 5, reviewText: 'Good.' }, new Date());

      const response = await aVisitor(testApp.app).call(routes.listReviews, {
        params: { id: serviceId },
        query: {},
      });

      const page = await checkReply(routes.listReviews, response, 200);
      expect(page.reviews[0]?.userName).toBe(userName);
      expect(response.body).not.toContain('@');
      expect(response.body).not.toContain(userId);
    });

    it('answers empty figures for a service nobody has reviewed', async () => {
      const serviceId = await aFreshService();

      expect(await listReviews(serviceId)).toEqual({
        reviews: [],
        totalCount: 0,
        averageRating: null,
        ratingDistribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
        page: 1,
        pageSize: 10,
        hasMore: false,
        myReview: null,
      });
    });

    it('answers 404 for a service that does not exist', async () => {
      const response = await aVisitor(testApp.app).call(routes.listReviews, {
        params: { id: 'no-such-service' },
        query: {},
      });

      expect((await checkReply(routes.listReviews, response, 404)).message).toBe(
        'We could not find that service. It may have been removed.',
      );
    });

    it.each(['?pageSize=51', '?pageSize=0', '?page=0', '?page=two'])(
      'refuses %s',
      async (query) => {
        const serviceId = await aFreshService();

        const response = await signedOutClient(testApp.app)(
          'GET',
          `/api/services/${serviceId}/reviews${query}`,
        );

        expect((await checkReply(routes.listReviews, response, 400)).code).toBe('validation_error');
      },
    );
  });

  describe('DELETE /api/reviews/:id', () => {
    // Reviews allow 10 writes a minute per person: this block writes as someone of its own.
    let dana: SignedInUser;
    beforeAll(async () => {
      dana = await signedInUser(testApp.app, { firstName: 'Dana', lastName: 'Hall' });
    });

    it('deletes the author’s own review and recounts the service', async () => {
      const serviceId = await aFreshService();
      const review = await aReview(dana, { serviceId, rating: 4, reviewText: 'Fine.' });

      const response = await deleteReview(dana, review.id);

      expect(await checkReply(routes.deleteReview, response, 200)).toEqual({ success: true });
      expect(await reviewRows(serviceId)).toHaveLength(0);
      expect(await serviceRow(serviceId)).toEqual({ ratingAverage: null, reviewCount: 0 });
    });

    it('answers 404 to anyone but the author, and the review stays', async () => {
      const serviceId = await aFreshService();
      const review = await aReview(dana, { serviceId, rating: 4, reviewText: 'Fine.' });

      const response = await deleteReview(bob, review.id);

      expect(await checkReply(routes.deleteReview, response, 404)).toEqual({
        code: 'not_found',
        message: 'We could not find that review. It may have been deleted.',
      });
      expect(await reviewRows(serviceId)).toHaveLength(1);
      expect(await serviceRow(serviceId)).toEqual({ ratingAverage: 4, reviewCount: 1 });
    });

    it.each([[randomUUID()], ['not-a-uuid']])(
      'answers 404 for a review that does not exist (%s)',
      async (id) => {
        const response = await deleteReview(dana, id);

        await checkReply(routes.deleteReview, response, 404);
      },
    );

    // A retried DELETE whose first answer was lost must not show a failure for a done deletion.
    it('answers 200 the second time, to the author only, and recounts nothing more', async () => {
      const serviceId = await aFreshService();
      const review = await aReview(dana, { serviceId, rating: 4, reviewText: 'Fine.' });
      await aReview(bob, { serviceId, rating: 2, reviewText: 'Slow.' });
      await deleteReview(dana, review.id);

      const again = await deleteReview(dana, review.id);
      const someoneElse = await deleteReview(bob, review.id);

      expect(await checkReply(routes.deleteReview, again, 200)).toEqual({ success: true });
      await checkReply(routes.deleteReview, someoneElse, 404);
      expect(await reviewRows(serviceId)).toHaveLength(1);
      expect(await serviceRow(serviceId)).toEqual({ ratingAverage: 2, reviewCount: 1 });
    });

    it('answers 401 when signed out', async () => {
      const response = await aVisitor(testApp.app).call(routes.deleteReview, {
        params: { id: randomUUID() },
      });

      await checkReply(routes.deleteReview, response, 401);
    });

    it('answers 403 without the X-Requested-With header', async () => {
      const serviceId = await aFreshService();
      const review = await aReview(dana, { serviceId, rating: 4, reviewText: 'Fine.' });

      const response = await testApp.app.inject({
        method: 'DELETE',
        url: `/api/reviews/${review.id}`,
        headers: { cookie: dana.cookie },
      });

      await checkReply(routes.deleteReview, response, 403);
      expect(await reviewRows(serviceId)).toHaveLength(1);
    });
  });

  it('limits each person to 10 review writes a minute', async () => {
    const eager = await signedInUser(testApp.app);
    const serviceId = await aFreshService();

    const allowed = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        saveReview(eager, { serviceId, rating: 5, reviewText: `Edit ${index}` }),
      ),
    );
    const refused = await saveReview(eager, { serviceId, rating: 5, reviewText: 'One more' });

    expect(allowed.every((response) => [200, 201].includes(response.statusCode))).toBe(true);
    expect(await checkReply(routes.saveReview, refused, 429)).toEqual({
      code: 'rate_limited',
      message: 'Too many requests. Please wait a minute and try again.',
    });
    expect(await reviewRows(serviceId)).toHaveLength(1);
  });

  it('documents every route in /api/docs', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/docs/json' });
    const { paths } = response.json<{
      paths: Record<string, Record<string, { tags?: string[]; summary?: string }>>;
    }>();

    for (const [path, method] of [
      ['/api/services/{id}/reviews', 'get'],
      ['/api/reviews', 'post'],
      ['/api/reviews/{id}', 'delete'],
    ] as const) {
      const operation = paths[path]?.[method];
      expect(operation?.tags).toEqual(['reviews']);
      expect(operation?.summary).toMatch(/\w/);
    }
  });
});
