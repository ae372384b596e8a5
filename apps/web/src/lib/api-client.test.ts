import { SiteViewsSchema } from '@locals/contracts/site-views';
import { describe, expect, it, vi } from 'vitest';
import { requestPasswordReset } from '@/features/auth/api/forgot-password';
import { logIn } from '@/features/auth/api/login';
import { register } from '@/features/auth/api/register';
import { resetPassword } from '@/features/auth/api/reset-password';
import { changeBookmark } from '@/features/bookmarks/api/bookmarks';
import { applyToListService } from '@/features/list-service/api/apply-to-list-service';
import { subscribeToNewsletter } from '@/features/newsletter/api/subscribe-to-newsletter';
import { createNote } from '@/features/notes/api/create-note';
import { deleteNote } from '@/features/notes/api/delete-note';
import { updateNote } from '@/features/notes/api/update-note';
import { deleteReview } from '@/features/reviews/api/delete-review';
import { saveReview } from '@/features/reviews/api/save-review';
import { incrementSiteViews } from '@/features/site-views/api/increment-site-views';
import { createSuggestion } from '@/features/suggestions/api/create-suggestion';
import { castVote, removeVote } from '@/features/votes/api/cast-vote';
import { jsonResponse, stubApi } from '@/testing/fetch-mock';
import { ApiError, createApiClient } from './api-client';

const VIEWS = { TotalViews: 10, TodayViews: 2, LastUpdated: null };

function clientWith(responses: Array<() => Response | Promise<Response>>) {
  const fetchMock = vi.fn<typeof fetch>(async () => {
    const next = responses.shift();
    if (!next) throw new Error('No more responses');
    return next();
  });
  const wait = vi.fn<(milliseconds: number) => Promise<void>>(async () => {});
  const client = createApiClient({ fetch: fetchMock, wait });
  return { client, fetchMock, wait };
}

const networkFailure = () => Promise.reject(new TypeError('Failed to fetch'));
const serverError = () => jsonResponse({ code: 'internal', message: 'Something went wrong' }, 503);

describe('api client', () => {
  it('sends JSON with same-origin credentials and the CSRF header on non-GET requests', async () => {
    const { client, fetchMock } = clientWith([
      () => jsonResponse(VIEWS),
      () => jsonResponse(VIEWS),
    ]);

    await client.get('/api/site-views', SiteViewsSchema);
    await client.post('/api/site-views/increment', { any: 'body' }, SiteViewsSchema, {
      isIdempotent: false,
    });

    const [getCall, postCall] = fetchMock.mock.calls;
    expect(getCall?.[1]).toMatchObject({ method: 'GET', credentials: 'same-origin' });
    expect(getCall?.[1]?.headers).not.toHaveProperty('X-Requested-With');
    expect(postCall?.[1]).toMatchObject({
      method: 'POST',
      credentials: 'same-origin',
      body: '{"any":"body"}',
    });
    expect(postCall?.[1]?.headers).toMatchObject({
      'X-Requested-With': 'locals',
      'Content-Type': 'application/json',
    });
  });

  it('returns the body parsed by its schema', async () => {
    const { client } = clientWith([() => jsonResponse(VIEWS)]);
    await expect(client.get('/api/site-views', SiteViewsSchema)).resolves.toEqual(VIEWS);
  });

  it.each([
    ['a network error', networkFailure],
    ['a 5xx answer', serverError],
  ])('retries after %s, waiting 1 s, 2 s and 3 s, then succeeds', async (_name, failure) => {
    const { client, fetchMock, wait } = clientWith([
      failure,
      failure,
      failure,
      () => jsonResponse(VIEWS),
    ]);

    await expect(client.get('/api/site-views', SiteViewsSchema)).resolves.toEqual(VIEWS);

    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(wait.mock.calls.map(([milliseconds]) => milliseconds)).toEqual([1000, 2000, 3000]);
  });

  it('gives up after 3 retries of a 5xx with a typed error carrying the body', async () => {
    const { client, fetchMock } = clientWith([serverError, serverError, serverError, serverError]);

    const error = await client
      .get('/api/site-views', SiteViewsSchema)
      .catch((caught: unknown) => caught);

    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 503, code: 'internal', message: 'Something went wrong' });
  });

  it('gives up after 3 retries of a network error with a network_error', async () => {
    const { client } = clientWith([networkFailure, networkFailure, networkFailure, networkFailure]);

    await expect(client.get('/api/site-views', SiteViewsSchema)).rejects.toMatchObject({
      status: 0,
      code: 'network_error',
    });
  });

  it.each([400, 401, 403, 404, 409, 422, 429])('never retries a %i answer', async (status) => {
    const body = {
      code: 'invalid',
      message: 'Please enter a valid email address',
      fieldErrors: { email: ['Bad'] },
    };
    const { client, fetchMock, wait } = clientWith([
      () => jsonResponse(body, status),
      () => jsonResponse(VIEWS),
    ]);

    const error = await client
      .post('/api/newsletter/subscribe', {}, SiteViewsSchema, { isIdempotent: true })
      .catch((caught: unknown) => caught);

    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(wait).not.toHaveBeenCalled();
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status,
      code: 'invalid',
      message: body.message,
      fieldErrors: { email: ['Bad'] },
    });
  });

  it('turns a non-2xx answer without an error body into an http_error', async () => {
    const { client } = clientWith([() => new Response('<h1>Bad gateway</h1>', { status: 404 })]);

    await expect(client.get('/api/site-views', SiteViewsSchema)).rejects.toMatchObject({
      status: 404,
      code: 'http_error',
      message: 'HTTP error! status: 404',
    });
  });

  it('rejects a 2xx body that does not match the contract', async () => {
    const { client } = clientWith([() => jsonResponse({ totalViews: 'lots' })]);

    await expect(client.get('/api/site-views', SiteViewsSchema)).rejects.toMatchObject({
      code: 'invalid_response',
    });
  });

  it('loads a lazy schema and checks the body with it', async () => {
    const { client } = clientWith([() => jsonResponse({ totalViews: 'lots' })]);

    await expect(
      client.get('/api/site-views', () => Promise.resolve(SiteViewsSchema)),
    ).rejects.toMatchObject({ code: 'invalid_response' });
  });

  it('passes the body through unchecked without a schema (production builds)', async () => {
    const { client } = clientWith([() => jsonResponse(VIEWS)]);
    await expect(client.get('/api/site-views', undefined)).resolves.toEqual(VIEWS);
  });

  it('ignores an error body whose fieldErrors are not lists of messages', async () => {
    const { client } = clientWith([
      () => jsonResponse({ code: 'bad', message: 'Bad', fieldErrors: { email: 'Bad' } }, 400),
    ]);
    await expect(client.get('/api/site-views', SiteViewsSchema)).rejects.toMatchObject({
      code: 'http_error',
    });
  });

  describe('only what is safe to repeat is retried after a network error or a 5xx', () => {
    const KEY = '0b6f3a6e-8f0c-4d2a-9a57-3b1f4c2e9d10';

    it.each<[string, (client: ReturnType<typeof createApiClient>) => Promise<unknown>, number]>([
      ['GET', (client) => client.get('/x', undefined), 4],
      ['PUT', (client) => client.put('/x', {}, undefined), 4],
      ['DELETE', (client) => client.delete('/x', undefined), 4],
      [
        'POST that is idempotent',
        (client) => client.post('/x', {}, undefined, { isIdempotent: true }),
        4,
      ],
      [
        'POST that is not',
        (client) => client.post('/x', {}, undefined, { isIdempotent: false }),
        1,
      ],
      [
        'POST with an Idempotency-Key',
        (client) => client.post('/x', {}, undefined, { idempotencyKey: KEY }),
        4,
      ],
      [
        'PATCH that is idempotent',
        (client) => client.patch('/x', {}, undefined, { isIdempotent: true }),
        4,
      ],
      [
        'PATCH that is not',
        (client) => client.patch('/x', {}, undefined, { isIdempotent: false }),
        1,
      ],
    ])('%s: %i tries in all', async (_name, send, tries) => {
      const { client, fetchMock } = clientWith(Array.from({ length: 4 }, () => networkFailure));

      await expect(send(client)).rejects.toMatchObject({ code: 'network_error' });

      expect(fetchMock).toHaveBeenCalledTimes(tries);
    });

    it('sends the Idempotency-Key with every try, unchanged', async () => {
      const { client, fetchMock } = clientWith([
        serverError,
        networkFailure,
        () => jsonResponse(VIEWS),
      ]);

      await client.post('/api/notes', { noteText: 'Hi' }, undefined, { idempotencyKey: KEY });

      const keys = fetchMock.mock.calls.map(([, init]) =>
        new Headers(init?.headers).get('Idempotency-Key'),
      );
      expect(keys).toEqual([KEY, KEY, KEY]);
    });

    it('sends no Idempotency-Key when none is given', async () => {
      const { client, fetchMock } = clientWith([() => jsonResponse(VIEWS)]);

      await client.post('/api/bookmarks', {}, undefined, { isIdempotent: true });

      expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).has('Idempotency-Key')).toBe(false);
    });

    // Each of the app's writes, as it calls the API: whether a lost answer leads to a repeat.
    it.each<[string, () => Promise<unknown>, number]>([
      ['vote set (PUT, sets the vote)', () => castVote({ serviceId: 's1', voteType: 'up' }), 4],
      ['vote removal (DELETE)', () => removeVote('s1'), 4],
      ['bookmark add', () => changeBookmark({ type: 'service', id: 's1', bookmarked: true }), 4],
      ['bookmark removal', () => changeBookmark({ type: 'event', id: 'e1', bookmarked: false }), 4],
      [
        'review (one per person, posting again edits it)',
        () => saveReview({ serviceId: 's1', rating: 4, reviewText: 'Kind' }),
        4,
      ],
      ['review deletion', () => deleteReview(KEY), 4],
      [
        'note (with its Idempotency-Key)',
        () => createNote('s1', { noteText: 'Hi', idempotencyKey: KEY }),
        4,
      ],
      ['note edit (sets the text)', () => updateNote(KEY, 'Hi'), 4],
      ['note deletion', () => deleteNote(KEY), 4],
      [
        'suggestion (with its Idempotency-Key)',
        () => createSuggestion('s1', { suggestionText: 'Hi', idempotencyKey: KEY }),
        4,
      ],
      [
        'provider application (with its Idempotency-Key)',
        () =>
          applyToListService({
            application: {
              organizationName: 'O',
              contactName: 'C',
              email: 'a@b.org',
              phone: '0117 496 0000',
              website: '',
              address: 'A',
              services: 'S',
              description: 'D',
            },
            idempotencyKey: KEY,
          }),
        4,
      ],
      ['newsletter subscription', () => subscribeToNewsletter({ email: 'a@b.org' }), 4],
      ['sign-in', () => logIn({ uid: 'u1', email: 'a@b.org', password: 'secret' }), 4],
      [
        'registration (a retry would meet the new account)',
        () =>
          register({
            email: 'a@b.org',
            password: 'correct horse',
            confirmPassword: 'correct horse',
            firstName: 'A',
            lastName: 'B',
          }),
        1,
      ],
      ['reset email (it sends mail)', () => requestPasswordReset({ email: 'a@b.org' }), 1],
      [
        'password reset (its link works once)',
        () =>
          resetPassword({
            token: 't',
            password: 'correct horse',
            confirmPassword: 'correct horse',
          }),
        1,
      ],
      ['site visit count', () => incrementSiteViews(), 1],
    ])('%s: %i tries', async (_name, call, tries) => {
      const { fetchMock } = stubApi({});
      fetchMock.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));

      await expect(call()).rejects.toMatchObject({ code: 'network_error' });

      expect(fetchMock).toHaveBeenCalledTimes(tries);
    });
  });
});
