import { defineRoute } from '@locals/contracts/route';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
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
import { jsonResponse, networkError, stubApi } from '@/testing/fetch-mock';
import { ApiError, createApiClient } from './api-client';

const VIEWS = { TotalViews: 10, TodayViews: 2 };
const ViewsSchema = z.object({ TotalViews: z.number(), TodayViews: z.number() });

// Routes as the contracts define them, with schemas of their own.
const getViews = defineRoute({
  method: 'GET',
  path: '/api/views',
  load: () =>
    Promise.resolve({
      tags: ['test'],
      summary: 'Views',
      responses: { 200: ViewsSchema },
      errors: [400, 404],
    }),
});
const getThing = defineRoute({
  method: 'GET',
  path: '/api/things/:id',
  load: () =>
    Promise.resolve({
      tags: ['test'],
      summary: 'A thing',
      params: z.object({ id: z.string() }),
      query: z.object({ tag: z.array(z.string()).optional(), near: z.string().optional() }),
      responses: { 200: ViewsSchema },
      errors: [],
    }),
});
const countView = defineRoute({
  method: 'POST',
  path: '/api/views',
  load: () =>
    Promise.resolve({
      tags: ['test'],
      summary: 'Count',
      body: z.object({ page: z.string() }),
      responses: { 201: ViewsSchema, 204: z.null() },
      errors: [400, 401, 403, 404, 409, 422, 429],
    }),
});
const setView = <const M extends 'PUT' | 'DELETE' | 'PATCH'>(method: M) =>
  defineRoute({
    method,
    path: '/api/views',
    load: () =>
      Promise.resolve({
        tags: ['test'],
        summary: method,
        responses: { 200: ViewsSchema },
        errors: [],
      }),
  });

type Answer = () => Response;
const serverError: Answer = () =>
  jsonResponse({ code: 'internal', message: 'Something went wrong' }, 503);

/** A client that skips its waits (recorded), and an API answering each request with the next answer. */
function clientWith(answers: Answer[]) {
  const wait = vi.fn<(milliseconds: number) => Promise<void>>(async () => {});
  const client = createApiClient({ wait });
  const next = () => answers.shift()?.() ?? jsonResponse({ code: 'none', message: 'No more' }, 418);
  const { requests } = stubApi({
    'GET /api/views': next,
    'POST /api/views': next,
    'PUT /api/views': next,
    'PATCH /api/views': next,
    'DELETE /api/views': next,
    'GET /api/things/a%20b': next,
  });
  return { api: client.api, requests, wait };
}

describe('api client', () => {
  it('sends JSON with same-origin credentials and the CSRF header on non-GET requests', async () => {
    const { api, requests } = clientWith([
      () => jsonResponse(VIEWS),
      () => jsonResponse(VIEWS, 201),
    ]);

    await api(getViews, {});
    await api(countView, { body: { page: '/' } }, { isIdempotent: false });

    const [get, post] = requests;
    expect(get?.headers.get('X-Requested-With')).toBeNull();
    expect(post?.method).toBe('POST');
    expect(post?.body).toEqual({ page: '/' });
    expect(post?.headers.get('X-Requested-With')).toBe('locals');
    expect(post?.headers.get('Content-Type')).toBe('application/json');
  });

  it('fills path parameters (encoded) and the query from the input', async () => {
    const { api, requests } = clientWith([() => jsonResponse(VIEWS)]);

    await api(getThing, { params: { id: 'a b' }, query: { tag: ['x', 'y'], near: undefined } });

    expect(requests[0]?.path).toBe('/api/things/a%20b');
    expect(requests[0]?.query.getAll('tag')).toEqual(['x', 'y']);
    expect(requests[0]?.query.has('near')).toBe(false);
  });

  it('returns the body parsed by the contract', async () => {
    const { api } = clientWith([() => jsonResponse(VIEWS)]);
    await expect(api(getViews, {})).resolves.toEqual(VIEWS);
  });

  it.each([
    ['a network error', networkError],
    ['a 5xx answer', serverError],
  ])('retries after %s, waiting 1 s, 2 s and 3 s, then succeeds', async (_name, failure) => {
    const { api, requests, wait } = clientWith([
      failure,
      failure,
      failure,
      () => jsonResponse(VIEWS),
    ]);

    await expect(api(getViews, {})).resolves.toEqual(VIEWS);

    expect(requests).toHaveLength(4);
    expect(wait.mock.calls.map(([milliseconds]) => milliseconds)).toEqual([1000, 2000, 3000]);
  });

  it('gives up after 3 retries of a 5xx with a typed error carrying the body', async () => {
    const { api, requests } = clientWith([serverError, serverError, serverError, serverError]);

    const error = await api(getViews, {}).catch((caught: unknown) => caught);

    expect(requests).toHaveLength(4);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 503, code: 'internal', message: 'Something went wrong' });
  });

  it('gives up after 3 retries of a network error with a network_error', async () => {
    const { api } = clientWith([networkError, networkError, networkError, networkError]);

    await expect(api(getViews, {})).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });

  it.each([400, 401, 403, 404, 409, 422, 429])('never retries a %i answer', async (status) => {
    const body = {
      code: 'invalid',
      message: 'Please enter a valid email address',
      fieldErrors: { email: ['Bad'] },
    };
    const { api, requests, wait } = clientWith([
      () => jsonResponse(body, status),
      () => jsonResponse(VIEWS, 201),
    ]);

    const error = await api(countView, { body: { page: '/' } }, { isIdempotent: true }).catch(
      (caught: unknown) => caught,
    );

    expect(requests).toHaveLength(1);
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
    const { api } = clientWith([() => new Response('<h1>Not here</h1>', { status: 404 })]);

    await expect(api(getViews, {})).rejects.toMatchObject({
      status: 404,
      code: 'http_error',
      message: 'HTTP error! status: 404',
    });
  });

  it('rejects a 2xx body that does not match the contract', async () => {
    const { api } = clientWith([() => jsonResponse({ TotalViews: 'lots' })]);

    await expect(api(getViews, {})).rejects.toMatchObject({ code: 'invalid_response' });
  });

  it('rejects a 2xx status the contract does not name', async () => {
    const { api } = clientWith([() => jsonResponse(VIEWS, 202)]);

    await expect(
      api(countView, { body: { page: '/' } }, { isIdempotent: false }),
    ).rejects.toMatchObject({ code: 'invalid_response' });
  });

  it('reads a 204 as no body, as the contract says', async () => {
    const { api } = clientWith([() => new Response(null, { status: 204 })]);

    await expect(
      api(countView, { body: { page: '/' } }, { isIdempotent: false }),
    ).resolves.toBeNull();
  });

  it('passes the body through unchecked in production builds, which load no schema', async () => {
    vi.stubEnv('PROD', true);
    const load = vi.spyOn(getViews, 'load');
    const { api } = clientWith([() => jsonResponse({ TotalViews: 'lots' })]);

    await expect(api(getViews, {})).resolves.toEqual({ TotalViews: 'lots' });

    expect(load).not.toHaveBeenCalled();
    vi.unstubAllEnvs();
  });

  it('ignores an error body whose fieldErrors are not lists of messages', async () => {
    const { api } = clientWith([
      () => jsonResponse({ code: 'bad', message: 'Bad', fieldErrors: { email: 'Bad' } }, 400),
    ]);
    await expect(api(getViews, {})).rejects.toMatchObject({ code: 'http_error' });
  });

  describe('only what is safe to repeat is retried after a network error or a 5xx', () => {
    const KEY = '0b6f3a6e-8f0c-4d2a-9a57-3b1f4c2e9d10';
    const body = { page: '/' };

    it.each<[string, (api: ReturnType<typeof clientWith>['api']) => Promise<unknown>, number]>([
      ['GET', (api) => api(getViews, {}), 4],
      ['PUT', (api) => api(setView('PUT'), {}), 4],
      ['DELETE', (api) => api(setView('DELETE'), {}), 4],
      ['POST that is idempotent', (api) => api(countView, { body }, { isIdempotent: true }), 4],
      ['POST that is not', (api) => api(countView, { body }, { isIdempotent: false }), 1],
      [
        'POST with an Idempotency-Key',
        (api) => api(countView, { body }, { idempotencyKey: KEY }),
        4,
      ],
      ['PATCH that is idempotent', (api) => api(setView('PATCH'), {}, { isIdempotent: true }), 4],
      ['PATCH that is not', (api) => api(setView('PATCH'), {}, { isIdempotent: false }), 1],
    ])('%s: %i tries in all', async (_name, send, tries) => {
      const { api, requests } = clientWith(Array.from({ length: 4 }, () => networkError));

      await expect(send(api)).rejects.toMatchObject({ code: 'network_error' });

      expect(requests).toHaveLength(tries);
    });

    it('sends the Idempotency-Key with every try, unchanged', async () => {
      const { api, requests } = clientWith([
        serverError,
        networkError,
        () => jsonResponse(VIEWS, 201),
      ]);

      await api(countView, { body }, { idempotencyKey: KEY });

      expect(requests.map((request) => request.headers.get('Idempotency-Key'))).toEqual([
        KEY,
        KEY,
        KEY,
      ]);
    });

    it('sends no Idempotency-Key when none is given', async () => {
      const { api, requests } = clientWith([() => jsonResponse(VIEWS, 201)]);

      await api(countView, { body }, { isIdempotent: true });

      expect(requests[0]?.headers.has('Idempotency-Key')).toBe(false);
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
      const { requests } = stubApi({}, networkError);

      await expect(call()).rejects.toMatchObject({ code: 'network_error' });

      expect(requests).toHaveLength(tries);
    });
  });
});
