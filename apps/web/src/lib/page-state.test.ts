import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ApiError, isApiError } from './api-client';
import { dehydratePageQueries, hydratePageQueries } from './page-state';
import { createQueryClient } from './query-client';

const refused = new ApiError({
  status: 400,
  code: 'validation_error',
  message: 'Enter a real UK postcode, like BS1 4DJ',
  fieldErrors: { postcode: ['Enter a real UK postcode, like BS1 4DJ'] },
});

/** What a server render leaves: one answer, one refusal, one failure of the API itself. */
async function serverQueries() {
  const server = createQueryClient({ isServer: true });
  await server.prefetchQuery({ queryKey: ['answered'], queryFn: () => ({ count: 3 }) });
  await server.prefetchQuery({ queryKey: ['refused'], queryFn: () => Promise.reject(refused) });
  await server.prefetchQuery({
    queryKey: ['broken'],
    queryFn: () =>
      Promise.reject(new ApiError({ status: 503, code: 'unavailable', message: 'Try again' })),
  });
  // As the page carries it: JSON in a data block.
  return JSON.parse(JSON.stringify(dehydratePageQueries(server))) as ReturnType<
    typeof dehydratePageQueries
  >;
}

describe('a page from the server carries its queries to the browser', () => {
  it('with its answers and its refusals, as the ApiError the page showed', async () => {
    const browser = createQueryClient();
    hydratePageQueries(browser, await serverQueries());

    expect(browser.getQueryData(['answered'])).toEqual({ count: 3 });
    const error = browser.getQueryState(['refused'])?.error;
    expect(isApiError(error)).toBe(true);
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_error',
      message: 'Enter a real UK postcode, like BS1 4DJ',
      fieldErrors: { postcode: ['Enter a real UK postcode, like BS1 4DJ'] },
    });
    // A failure of the API itself is the browser's to try again.
    expect(browser.getQueryState(['broken'])).toBeUndefined();
  });

  it('shows the refusal when the page mounts, not "loading" while it asks again', async () => {
    const browser = createQueryClient();
    hydratePageQueries(browser, await serverQueries());
    let asked = 0;
    const observer = new QueryObserver(browser, {
      queryKey: ['refused'],
      queryFn: () => {
        asked += 1;
        return Promise.reject(refused);
      },
    });

    expect(observer.getOptimisticResult(browser.defaultQueryOptions(observer.options)).status).toBe(
      'error',
    );
    const unsubscribe = observer.subscribe(() => {});
    unsubscribe();
    expect(asked).toBe(0);
  });
});
