import fp from 'fastify-plugin';
import type Provider from 'oidc-provider';
import type { JWK } from 'jose';
import { createIssuer } from './create-issuer';
import { createIssuerDispatch, ISSUER_MOUNT_PATH, startIssuerLoopback } from './issuer-dispatch';
import { loadIssuerSecrets, publicJwks } from './issuer-secrets';

export type BuiltinIssuer = {
  provider: Provider;
  /** `${PUBLIC_URL}/oidc`: the `iss` of every token it signs. */
  issuerUrl: string;
  clientSecret: string;
  /** Public signing keys, for verifying bearer tokens without a network call. */
  jwks: { keys: JWK[] };
  /** openid-client's fetch, reaching the issuer on its loopback port. */
  fetch: Awaited<ReturnType<typeof startIssuerLoopback>>['fetch'];
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The built-in OpenID Provider, or null when an external issuer (OIDC_ISSUER) is used. */
    builtinIssuer: BuiltinIssuer | null;
  }
}

/**
 * Mounts the built-in issuer (oidc-provider) under /oidc unless an external one is configured.
 * Its routes take the raw request: oidc-provider parses its own form bodies and has its own
 * CSRF defences, so neither the JSON-only rule nor our CSRF guard (which covers /api) applies.
 */
export default fp(
  async (app) => {
    if (app.config.auth.external) {
      app.decorate('builtinIssuer', null);
      return;
    }
    const { publicUrl } = app.config;
    const issuerUrl = `${publicUrl}${ISSUER_MOUNT_PATH}`;
    const secrets = await loadIssuerSecrets(app.database.db);
    const provider = createIssuer({
      db: app.database.db,
      issuerUrl,
      publicUrl,
      audience: app.config.auth.audience,
      secrets,
    });
    provider.on('server_error', (_ctx, error) => app.log.error({ err: error }, 'issuer error'));
    const dispatch = createIssuerDispatch(provider, publicUrl);
    const loopback = await startIssuerLoopback(dispatch, publicUrl);
    app.addHook('onClose', loopback.close);

    app.decorate('builtinIssuer', {
      provider,
      issuerUrl,
      clientSecret: secrets.clientSecret,
      jwks: publicJwks(secrets),
      fetch: loopback.fetch,
    });

    await app.register(
      (issuer, _options, done) => {
        issuer.removeAllContentTypeParsers();
        // Leave every body unread: oidc-provider reads the raw stream itself.
        issuer.addContentTypeParser('*', (_request, _payload, parsed) => parsed(null));
        issuer.all('/*', { schema: { hide: true } }, async (request, reply) => {
          reply.hijack();
          await dispatch(request.raw, reply.raw, request.ip);
        });
        done();
      },
      { prefix: ISSUER_MOUNT_PATH },
    );
  },
  { name: 'oidc-issuer', dependencies: ['db', 'errors'] },
);
