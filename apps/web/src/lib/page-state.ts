import { defaultShouldDehydrateQuery, dehydrate, hydrate } from '@tanstack/react-query';
import type { DehydratedState, QueryClient } from '@tanstack/react-query';
import type { SubmittedForm } from '@locals/contracts/page-forms';
import { ApiError } from './api-client';

/** The data block a server-rendered page carries for the browser to hydrate from. */
export const PAGE_STATE_ELEMENT_ID = 'locals-page-state';

export type PageState = {
  queries: DehydratedState;
  /** A form sent without JavaScript that this page answers (what was typed, what went wrong). */
  form?: SubmittedForm;
};

/** An ApiError as JSON carries it: Error's message is not an enumerable property. */
type SentApiError = {
  name: 'ApiError';
  status: number;
  code: string;
  message: string;
  fieldErrors: Record<string, string[]>;
};

/** A refusal of the request itself (an unknown postcode): asking again gives the same answer. */
const isRefusal = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status >= 400 && error.status < 500;

/**
 * The server's queries for the page: those that succeeded, and those the API refused (the page
 * showed that refusal, "Check the postcode", and the browser must take over the same page).
 * Other failures are left for the browser to retry.
 */
export function dehydratePageQueries(queryClient: QueryClient): DehydratedState {
  const state = dehydrate(queryClient, {
    shouldDehydrateQuery: (query) =>
      defaultShouldDehydrateQuery(query) ||
      (query.state.status === 'error' && isRefusal(query.state.error)),
  });
  return {
    ...state,
    queries: state.queries.map((query) => {
      const error = query.state.error;
      if (!isRefusal(error)) return query;
      const sent: SentApiError = {
        name: 'ApiError',
        status: error.status,
        code: error.code,
        message: error.message,
        fieldErrors: error.fieldErrors,
      };
      return { ...query, state: { ...query.state, error: sent } };
    }),
  };
}

function isSentApiError(error: unknown): error is SentApiError {
  return (
    typeof error === 'object' && error !== null && 'name' in error && error.name === 'ApiError'
  );
}

/**
 * Fills the browser's query cache from the server's page. A refusal comes back as the ApiError
 * it was, and is not asked for again when the page mounts (TanStack Query would otherwise show
 * it as loading, which is not the page the server sent).
 */
export function hydratePageQueries(queryClient: QueryClient, state: DehydratedState): void {
  const queries = state.queries.map((query) => {
    const error = query.state.error;
    if (!isSentApiError(error)) return query;
    queryClient.setQueryDefaults(query.queryKey, { retryOnMount: false });
    return { ...query, state: { ...query.state, error: new ApiError(error) } };
  });
  hydrate(queryClient, { ...state, queries });
}

/** The server's state for this page, or null when the page was not rendered on the server. */
export function readPageState(): PageState | null {
  const element = document.getElementById(PAGE_STATE_ELEMENT_ID);
  if (!element?.textContent) return null;
  return JSON.parse(element.textContent) as PageState;
}
