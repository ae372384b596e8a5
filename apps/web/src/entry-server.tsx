/**
 * Server rendering (decision 018): the API process renders each page's HTML with the same routes,
 * components and queries the browser uses, so a person sees the page before any JavaScript runs
 * and the search journey works with none. Built by `vite build --ssr` into dist-server/.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { PassThrough } from 'node:stream';
import type { Readable } from 'node:stream';
import type { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { AppProvider } from './app/providers';
import { AppRoutes, matchPage } from './app/router';
import { paths } from './config/paths';
import { prefetchPage } from './app/prefetch-page';
import { setServerTransport } from './lib/api-client';
import { createDocumentHead, DocumentHeadProvider } from './lib/document-head';
import type { DocumentHead } from './lib/document-head';
import { createQueryClient } from './lib/query-client';
import { dehydratePageQueries, PAGE_STATE_ELEMENT_ID } from './lib/page-state';
import { RequestCookiesProvider } from './lib/request-cookies';
import { SubmittedFormProvider } from './lib/submitted-form';
import { resultsAfterFilters } from './lib/search-criteria';
import type { PageState } from './lib/page-state';
import type { SubmittedForm } from '@locals/contracts/page-forms';

type Transport = (path: string, init: RequestInit) => Promise<Response>;

const transports = new AsyncLocalStorage<Transport>();
setServerTransport((path, init) => {
  const transport = transports.getStore();
  if (!transport) throw new Error('An API call outside a page render');
  return transport(path, init);
});

/**
 * How long a page waits for its data. A query still out then is left for the browser to make:
 * the page renders it as loading, and a hung API call never holds the whole page.
 */
const PREFETCH_LIMIT_MS = 3_000;

function atMost(work: Promise<void>, milliseconds: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<void>((resolve) => (timer = setTimeout(resolve, milliseconds)));
  return Promise.race([work, limit]).finally(() => clearTimeout(timer));
}

export type RenderedPage = {
  status: number;
  /** The HTML that goes inside <div id="root">. */
  body: Readable;
  /** A JSON data block (CSP allows it: it is never run) the browser hydrates from. */
  state: string;
  /** A private page (routes with `noIndex`): kept out of search engines. */
  noIndex: boolean;
  /** The page's own `<title>` text ("About us – Locals"), or null to keep the site's. */
  title: string | null;
  /** The page's own description (its `<meta name="description">`), or null to keep the site's. */
  description: string | null;
};

/** JSON safe inside <script type="application/json">: no "</script>" can end it early. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The page's HTML, whole: everything it shows is in the query cache already, and what is code
 * split (a dialog open in the URL) is awaited, so a browser without JavaScript gets the complete
 * page and nothing is left for a script to swap in. React streams it once every Suspense
 * boundary is ready (`onAllReady`): a boundary streamed later would need a script to move it
 * into place, which a JavaScript-off visitor (and the CSP) would not run. apps/api's web plugin
 * writes the page's head (its stylesheet and title) just before this body.
 */
function renderBody(
  queryClient: QueryClient,
  url: URL,
  cookieHeader: string,
  head: DocumentHead,
  form: SubmittedForm | null,
): Promise<Readable> {
  const page = (
    <StrictMode>
      <DocumentHeadProvider head={head}>
        <RequestCookiesProvider cookieHeader={cookieHeader}>
          <AppProvider queryClient={queryClient}>
            <StaticRouter location={url.pathname + url.search}>
              <SubmittedFormProvider form={form}>
                <AppRoutes />
              </SubmittedFormProvider>
            </StaticRouter>
          </AppProvider>
        </RequestCookiesProvider>
      </DocumentHeadProvider>
    </StrictMode>
  );
  return new Promise((resolve, reject) => {
    // An error inside a Suspense boundary would leave that part empty for the browser to try
    // again: a page missing a part is not sent as if whole, the error goes to the API's handler.
    let failure: unknown;
    const stream = renderToPipeableStream(page, {
      // Every boundary in place in the HTML: past this many bytes React would otherwise send
      // later boundaries after the page, for an inline script to move them in.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady: () => {
        if (failure === undefined) resolve(stream.pipe(new PassThrough()));
        else reject(new Error('The page could not be rendered', { cause: failure }));
      },
      onShellError: reject,
      onError: (error) => {
        failure ??= error;
      },
    });
  });
}

/**
 * Where an address is not the one the app makes for it, the one it makes (a 303 from the
 * server): the filters form without JavaScript leads to the same URL as the app (decision 036).
 */
export function redirectFor(pathAndQuery: string): string | null {
  const url = new URL(pathAndQuery, 'http://locals.invalid');
  if (url.pathname !== paths.results) return null;
  const search = resultsAfterFilters(url.searchParams);
  return search === null ? null : `${paths.results}${search}`;
}

export async function renderPage(
  request: Request,
  transport: Transport,
  {
    prefetchLimitMs = PREFETCH_LIMIT_MS,
    form = null,
  }: {
    prefetchLimitMs?: number;
    /** A form sent without JavaScript, answered with this page again (decision 036). */
    form?: SubmittedForm | null;
  } = {},
): Promise<RenderedPage> {
  return transports.run(transport, async () => {
    const url = new URL(request.url);
    const match = matchPage(url.pathname);
    const queryClient = createQueryClient({ isServer: true });
    await Promise.all([match.load(), atMost(prefetchPage(queryClient, url), prefetchLimitMs)]);
    const head = createDocumentHead();
    const body = await renderBody(
      queryClient,
      url,
      request.headers.get('cookie') ?? '',
      head,
      form,
    );
    const state: PageState = {
      queries: dehydratePageQueries(queryClient),
      ...(form ? { form } : {}),
    };
    return {
      status: match.notFound ? 404 : 200,
      body,
      state: `<script type="application/json" id="${PAGE_STATE_ELEMENT_ID}">${scriptSafeJson(state)}</script>`,
      noIndex: match.noIndex,
      title: head.title(),
      description: match.description,
    };
  });
}
