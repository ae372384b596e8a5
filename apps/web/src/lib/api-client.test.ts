import { SiteViewsSchema } from '@locals/contracts/site-views';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/testing/fetch-mock';
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
    await client.post('/api/site-views/increment', { any: 'body' }, SiteViewsSchema);

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
      .post('/api/newsletter/subscribe', {}, SiteViewsSchema)
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
});
