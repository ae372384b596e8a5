import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sendNotFound } from './errors';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app and, for any other page a browser asks for, its index.html, so client
 * routes like /about survive a reload. Skipped when there is no build (API tests, `npm run dev`).
 */
export default fp<{ webDistDir: string }>(
  async (app, { webDistDir }) => {
    if (!existsSync(path.join(webDistDir, 'index.html'))) {
      app.log.info({ webDistDir }, 'no web build found; serving the API only');
      return;
    }

    await app.register(fastifyStatic, {
      root: webDistDir,
      // Routes for the files present at start-up; everything else falls to the handler below.
      wildcard: false,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        const isHashedAsset = path.relative(webDistDir, filePath).startsWith(`assets${path.sep}`);
        reply.header('cache-control', isHashedAsset ? IMMUTABLE : 'no-cache');
      },
    });

    app.get('/*', { schema: { hide: true } }, (request, reply) => {
      if (/^\/api(\/|\?|$)/.test(request.url) || !acceptsHtml(request))
        return sendNotFound(request, reply);
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  },
  { name: 'web', dependencies: ['errors'] },
);

function acceptsHtml(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/html');
}
