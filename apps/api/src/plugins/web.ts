import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { SubmittedForm } from '@locals/contracts/page-forms';
import { NEEDS_SCRIPT_MESSAGE } from '@locals/contracts/page-forms';
import { isApiPath, registerPageForms } from '../http/page-form';
import type { SendPage } from '../http/page-form';
import { escapeHtml } from '../lib/escape-html';
import { sendNotFound } from './errors';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Pages that may show who is signed in: revalidated, never kept by a shared cache. */
const PAGE_CACHE = 'private, no-cache';
/**
 * Pages about one person (their bookmarks, listings, moderation queues) or opened with a private
 * link: never stored at all, so Back after logout on a shared computer cannot show them (decision 029).
 */
const PERSONAL_PAGE_CACHE = 'no-store';
const PERSONAL_PAGE =
  /^\/(bookmarks|shared\/bookmarks|my-listings|moderation|listing-check|suggestions\/respond|signin|reset-password)(\/|\?|$)/;
/** Where the root element's content goes in the built index.html. */
const ROOT_ELEMENT = '<div id="root"></div>';

type Transport = (path: string, init: RequestInit) => Promise<Response>;

/** What apps/web/src/entry-server.tsx exports (built into dist-server/ beside dist/). */
type RenderedPage = {
  status: number;
  body: NodeJS.ReadableStream;
  state: string;
  noIndex?: boolean;
  /** The page's own title; null (or absent) keeps the template's. */
  title?: string | null;
  /** The page's own description; null (or absent) keeps the template's. */
  description?: string | null;
};
type ServerEntry = {
  renderPage(
    request: Request,
    transport: Transport,
    options?: { form?: SubmittedForm },
  ): Promise<RenderedPage>;
  /** The address the app would use instead of this one (a form sent without JavaScript). */
  redirectFor?(pathAndQuery: string): string | null;
};

/**
 * Serves the built web app. Pages are rendered on the server (decision 018) when the server build
 * is there: a person sees the page before any JavaScript runs, unknown addresses answer 404,
 * and the app then takes over the same HTML. Without it, every page gets index.html and the
 * browser renders it. Skipped when there is no build (API tests, `npm run dev`).
 */
export default fp<{ webDistDir: string }>(
  async (app, { webDistDir }) => {
    const indexFile = path.join(webDistDir, 'index.html');
    if (!existsSync(indexFile)) {
      app.log.info({ webDistDir }, 'no web build found; serving the API only');
      return;
    }
    const template = await readTemplate(indexFile);
    const entry = await loadServerEntry(webDistDir);
    if (!entry) app.log.info({ webDistDir }, 'no server build found; pages render in the browser');

    await app.register(fastifyStatic, {
      root: webDistDir,
      // Routes for the files present at start-up; everything else falls to the handler below.
      wildcard: false,
      // Pages, "/" included, are rendered below, never sent as the bare template.
      index: false,
      allowedPath: (pathName) => pathName !== '/index.html',
      // The build writes .br and .gz beside each file at the highest levels (decision 018);
      // they are sent as they are, never compressed again on each request.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        const isHashedAsset = path.relative(webDistDir, filePath).startsWith(`assets${path.sep}`);
        reply.header('cache-control', isHashedAsset ? IMMUTABLE : 'no-cache');
      },
    });

    app.get('/*', { schema: { hide: true } }, async (request, reply) => {
      if (isApiPath(request.url) || !wantsPage(request)) return sendNotFound(request, reply);
      // The page depends on the session cookie (the header shows who is signed in).
      reply
        .header('cache-control', PERSONAL_PAGE.test(request.url) ? PERSONAL_PAGE_CACHE : PAGE_CACHE)
        .header('vary', 'Cookie');
      reply.type('text/html; charset=utf-8');
      if (!entry) return reply.send(template.head + ROOT_ELEMENT + template.tail);
      const redirect = entry.redirectFor?.(request.url);
      if (redirect) return reply.redirect(redirect, 303);
      try {
        return await renderPage(app, entry, template, request, reply);
      } catch (error) {
        // A page that cannot be rendered here still works: the browser renders it.
        request.log.error({ err: error }, 'server rendering failed; sending the bare page');
        return reply.send(template.head + ROOT_ELEMENT + template.tail);
      }
    });

    // A page in answer to a form sent without JavaScript (decision 036): never stored, as it
    // holds what was typed. Without a server build the browser renders the page (the form's
    // values are then lost, as everywhere without one).
    const sendPage: SendPage = async (request, reply, answer) => {
      void reply.header('cache-control', PERSONAL_PAGE_CACHE).type('text/html; charset=utf-8');
      if (!entry)
        return reply.code(answer.status).send(template.head + ROOT_ELEMENT + template.tail);
      return renderPage(app, entry, template, request, reply, answer);
    };
    app.decorate('sendPage', sendPage);

    // A form only the app can send (signing in, a review, an application) is a POST to its own
    // page, so a browser without JavaScript never puts what was typed in a URL (decision 036). It
    // lands here: the page again, saying why nothing was sent, with nothing typed echoed back.
    await registerPageForms(app, (forms) => {
      forms.post('/*', { schema: { hide: true } }, async (request, reply) => {
        if (isApiPath(request.url) || !namesHtml(request)) return sendNotFound(request, reply);
        return sendPage(request, reply, {
          path: request.url,
          status: 400,
          form: { form: 'needs-script', values: {}, errors: { form: NEEDS_SCRIPT_MESSAGE } },
        });
      });
    });
  },
  { name: 'web', dependencies: ['errors'] },
);

async function readTemplate(indexFile: string): Promise<{ head: string; tail: string }> {
  const html = await readFile(indexFile, 'utf8');
  const at = html.indexOf(ROOT_ELEMENT);
  if (at === -1) throw new Error(`${indexFile} has no ${ROOT_ELEMENT}`);
  return { head: html.slice(0, at), tail: html.slice(at + ROOT_ELEMENT.length) };
}

async function loadServerEntry(webDistDir: string): Promise<ServerEntry | undefined> {
  const file = path.join(webDistDir, '..', 'dist-server', 'entry-server.js');
  if (!existsSync(file)) return undefined;
  return (await import(pathToFileURL(file).href)) as ServerEntry;
}

async function renderPage(
  app: FastifyInstance,
  entry: ServerEntry,
  template: { head: string; tail: string },
  request: FastifyRequest,
  reply: FastifyReply,
  answer?: { path: string; status: number; form: SubmittedForm },
): Promise<FastifyReply> {
  const page = await entry.renderPage(
    toFetchRequest(request, answer?.path),
    apiTransport(app, request),
    answer ? { form: answer.form } : {},
  );
  // A private page the list above does not name yet is still never stored.
  if (page.noIndex)
    reply.header('x-robots-tag', 'noindex').header('cache-control', PERSONAL_PAGE_CACHE);
  const html = new PassThrough();
  html.write(`${withHead(template.head, page)}<div id="root">`);
  page.body.pipe(html, { end: false });
  page.body.on('end', () => html.end(`</div>${page.state}${template.tail}`));
  page.body.on('error', (error: Error) => html.destroy(error));
  return reply.code(answer?.status ?? page.status).send(html);
}

/**
 * The template's head with the page's own `<title>` and description, their text escaped (a
 * title may hold a postcode).
 */
function withHead(head: string, { title, description }: RenderedPage): string {
  let page = head;
  if (title) {
    page = page.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`);
  }
  if (description) {
    page = page.replace(
      /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${escapeHtml(description)}" />`,
    );
  }
  return page;
}

/** The request as the page renderer sees it; `pagePath` renders another page (a form's own). */
function toFetchRequest(request: FastifyRequest, pagePath?: string): Request {
  const url = new URL(pagePath ?? request.url, `${request.protocol}://${request.host}`);
  // The cookie too: a page shows what the person chose (the cookie message) and who is signed in.
  const headers: Record<string, string> = { accept: request.headers.accept ?? 'text/html' };
  if (request.headers.cookie) headers.cookie = request.headers.cookie;
  return new Request(url, { headers });
}

/**
 * The page's API calls, answered in this process as if the browser had made them: with the
 * person's cookie (the header shows who is signed in) and address (so rate limits count them).
 */
function apiTransport(app: FastifyInstance, request: FastifyRequest): Transport {
  return async (url, init) => {
    const response = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url,
      headers: {
        ...(init.headers as Record<string, string>),
        ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}),
      },
      remoteAddress: request.ip,
      ...(typeof init.body === 'string' ? { payload: init.body } : {}),
    });
    const isEmpty = response.statusCode === 204 || response.statusCode === 304;
    return new Response(isEmpty ? null : response.rawPayload, {
      status: response.statusCode,
      headers: { 'content-type': String(response.headers['content-type'] ?? 'application/json') },
    });
  };
}

/** A file the build would have written: a missing one is a 404, never a page. */
const FILE_PATH =
  /\.(js|mjs|css|map|json|webmanifest|txt|xml|png|jpe?g|gif|svg|ico|webp|avif|woff2?|ttf|br|gz)$/i;

/**
 * Whether to answer with a page. Browsers name text/html; curl, wget and link checkers send
 * `*\/*` or no Accept at all, and get the page too (issue 32: a JSON 404 at / made the app look
 * broken). A client that asks only for other types (`application/json`) gets the JSON 404, as
 * does anything but a browser asking for a missing file (a script tag sends `*\/*`).
 */
function wantsPage(request: FastifyRequest): boolean {
  if (namesHtml(request)) return true;
  const ranges = acceptedRanges(request.headers.accept);
  const isFile = FILE_PATH.test(request.url.split('?')[0] ?? '');
  return !isFile && (!request.headers.accept?.trim() || ranges.has('*/*') || ranges.has('text/*'));
}

/** A browser (or a form it sends): the only client a POST to a page answers with a page. */
function namesHtml(request: FastifyRequest): boolean {
  return acceptedRanges(request.headers.accept).has('text/html');
}

/** The media ranges an Accept header asks for, leaving out those refused with q=0. */
function acceptedRanges(accept: string | undefined): Set<string> {
  const ranges = new Set<string>();
  for (const part of (accept ?? '').split(',')) {
    const [range = '', ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const refused = parameters.some((parameter) => /^q=0(\.0*)?$/.test(parameter));
    if (range && !refused) ranges.add(range);
  }
  return ranges;
}
