import { randomUUID } from 'node:crypto';
import type { Database } from '@locals/db/client';
import Fastify, { type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import fp from 'fastify-plugin';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './env';
import { serializeError } from './log-errors';
import type { Mailer } from './lib/mailer';
import { applicationsRoutes } from './modules/applications/applications.routes';
import { accountRoutes } from './modules/auth/accounts.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { bookmarksRoutes } from './modules/bookmarks/bookmarks.routes';
import { eventsRoutes } from './modules/events/events.routes';
import { clientConfigRoutes } from './modules/client-config/client-config.routes';
import { cookieChoiceRoutes } from './modules/cookie-choice/cookie-choice.routes';
import { geocodeRoutes } from './modules/geocode/geocode.routes';
import { healthRoutes } from './modules/health/health.routes';
import { moderationRoutes } from './modules/moderation/moderation.routes';
import { newsletterPageForm } from './modules/newsletter/newsletter.page-form';
import { newsletterRoutes } from './modules/newsletter/newsletter.routes';
import { notesRoutes } from './modules/notes/notes.routes';
import { orukRoutes } from './modules/oruk/oruk.routes';
import { eventModerationRoutes } from './modules/organiser-events/event-moderation.routes';
import { eventReminders } from './modules/organiser-events/event-reminders';
import { organiserEventsPageForm } from './modules/organiser-events/organiser-events.page-form';
import { organiserEventsRoutes } from './modules/organiser-events/organiser-events.routes';
import { outgoingMailDelivery } from './modules/outgoing-mail/delivery.plugin';
import { providersRoutes } from './modules/providers/providers.routes';
import { reviewsRoutes } from './modules/reviews/reviews.routes';
import { servicesRoutes } from './modules/services/services.routes';
import { siteViewsRoutes } from './modules/site-views/site-views.routes';
import { statsRoutes } from './modules/stats/stats.routes';
import { suggestionsRoutes } from './modules/suggestions/suggestions.routes';
import { votesRoutes } from './modules/votes/votes.routes';
import auth from './modules/auth/session.plugin';
import geocoder from './capabilities/geocoder/geocoder.plugin';
import scheduler from './capabilities/scheduler';
import csrf from './plugins/csrf';
import db from './plugins/db';
import docs from './plugins/docs';
import errors, { frameworkErrors } from './plugins/errors';
import jsonBody from './plugins/json-body';
import mailer from './plugins/mailer';
import oidcIssuer from './modules/auth/issuer/issuer.plugin';
import personRateLimit from './plugins/person-rate-limit';
import security, { fastifyTrustProxy } from './plugins/security';
import web from './plugins/web';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** The current time; tests pass a fixed clock to cross day boundaries. */
    now: () => Date;
  }
}

export type AppOptions = {
  config: Config;
  database: Database;
  /** Defaults to SMTP or the DATA_DIR/outbox writer, as the config says. */
  mailer?: Mailer;
  now?: () => Date;
  /** How a failed sign-in waits before answering; tests record instead of waiting. */
  sleep?: (ms: number) => Promise<void>;
};

export type BuildAppOptions = AppOptions & {
  /** Defaults to JSON logs at the configured level; tests pass false. */
  logger?: FastifyServerOptions['logger'];
};

export const BODY_LIMIT_BYTES = 100 * 1024;

/** The whole API as a plugin: external plugins, then ours, then routes, then the web app. */
export const localsApp = fp<AppOptions>(
  async (app, options) => {
    app.decorate('config', options.config);
    app.decorate('now', options.now ?? (() => new Date()));
    app.addHook('onRequest', async (request, reply) => {
      reply.header('x-request-id', request.id);
    });

    await app.register(db, { database: options.database });
    await app.register(scheduler);
    await app.register(security);
    // People on slow connections: a 1000-result map search is ~560 KB of JSON and the map code
    // ~190 KB before compression.
    await app.register(compress, { threshold: 1024 });
    await app.register(docs);

    await app.register(errors);
    await app.register(jsonBody);
    await app.register(mailer, { mailer: options.mailer });
    await app.register(csrf);
    await app.register(oidcIssuer);
    await app.register(auth);
    await app.register(personRateLimit);
    await app.register(geocoder);

    await app.register(healthRoutes);
    await app.register(siteViewsRoutes);
    await app.register(newsletterRoutes);
    await app.register(statsRoutes);
    await app.register(applicationsRoutes);
    await app.register(servicesRoutes);
    await app.register(eventsRoutes);
    await app.register(bookmarksRoutes);
    await app.register(notesRoutes);
    await app.register(votesRoutes);
    await app.register(reviewsRoutes);
    await app.register(suggestionsRoutes);
    await app.register(geocodeRoutes);
    await app.register(moderationRoutes);
    await app.register(eventModerationRoutes);
    await app.register(organiserEventsRoutes);
    await app.register(providersRoutes);
    await app.register(outgoingMailDelivery);
    await app.register(eventReminders);
    await app.register(clientConfigRoutes);
    await app.register(orukRoutes);
    await app.register(authRoutes);
    await app.register(accountRoutes, {
      sleep: options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
    });

    await app.register(web, { webDistDir: options.config.webDistDir });
    // Forms the pages send without JavaScript (decision 036), beside the pages.
    await app.register(cookieChoiceRoutes);
    await app.register(newsletterPageForm);
    await app.register(organiserEventsPageForm);
  },
  { name: 'locals-app' },
);

export async function buildApp(options: BuildAppOptions) {
  const { logger, ...appOptions } = options;
  const app = Fastify({
    logger: logger ?? loggerOptions(options.config),
    genReqId: () => randomUUID(),
    bodyLimit: BODY_LIMIT_BYTES,
    // Service and event ids may be up to 200 characters (the contracts). Longer ones must reach
    // validation for a clear 400 rather than a 404 (Fastify's default limit is 100).
    routerOptions: { maxParamLength: 2000 },
    trustProxy: fastifyTrustProxy(options.config.trustProxy),
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(localsApp, appOptions);
  return app;
}

/**
 * JSON logs without personal data: no bodies, no query strings (they carry tokens), no IPs, and
 * errors without the values they quote. Tests pass a stream to read what would be logged.
 */
export function loggerOptions(
  config: Config,
  stream?: { write(line: string): void },
): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
    serializers: {
      req: (request) => ({ method: request.method, path: loggedPath(request.url) }),
      err: (error) => serializeError(error),
    },
    ...(stream ? { stream } : {}),
  };
}

/** The path without its query string, and with a shared list's token (a capability) masked. */
export function loggedPath(url: string): string {
  const path = decodedForLog(url.split('?')[0] ?? url);
  return path.replace(/^(\/api\/shared\/bookmarks\/)[^/]+/, '$1[token]');
}

/** The router decodes the path, so /%61pi/shared/bookmarks/… opens a shared list too. */
function decodedForLog(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
