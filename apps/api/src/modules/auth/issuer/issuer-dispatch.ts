import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Provider from 'oidc-provider';
import type { CustomFetchOptions } from 'openid-client';
import { checkIssuerBody } from './issuer-body';

export const ISSUER_MOUNT_PATH = '/oidc';

export type IssuerDispatch = (
  req: IncomingMessage,
  res: ServerResponse,
  ip: string,
) => Promise<void>;

/**
 * Hands a request to oidc-provider as if it were mounted at /oidc (as Express would: it reads
 * the mount path from `originalUrl`). The forwarded headers are overwritten, never trusted: the
 * issuer always describes itself at PUBLIC_URL, whatever Host or scheme the request arrived with.
 */
export function createIssuerDispatch(provider: Provider, publicUrl: string): IssuerDispatch {
  const { protocol, host } = new URL(publicUrl);
  const handle = provider.callback();
  return async (req, res, ip) => {
    if (!(await checkIssuerBody(req, res))) return;
    const url = req.url ?? '/';
    Object.assign(req, { originalUrl: url, url: url.slice(ISSUER_MOUNT_PATH.length) || '/' });
    req.headers['x-forwarded-proto'] = protocol.replace(':', '');
    req.headers['x-forwarded-host'] = host;
    req.headers['x-forwarded-for'] = ip;
    await handle(req, res);
  };
}

/**
 * The built-in issuer on a loopback port of its own, for openid-client's requests (discovery,
 * the token exchange): plain HTTP into oidc-provider's own request handler, reached with Node's
 * fetch. No hairpin through a load balancer or PUBLIC_URL, and it works before the app listens
 * (tests). The port is bound to 127.0.0.1 only and closes with the app.
 */
export async function startIssuerLoopback(dispatch: IssuerDispatch, publicUrl: string) {
  const server = createServer((req, res) => void dispatch(req, res, '127.0.0.1'));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const issuerPrefix = `${publicUrl}${ISSUER_MOUNT_PATH}/`;
  return {
    /** openid-client's customFetch: the issuer's public URLs, answered on the loopback port. */
    fetch: (url: string, options: CustomFetchOptions): Promise<Response> => {
      if (!url.startsWith(issuerPrefix)) {
        throw new Error('The built-in issuer fetch only reaches the built-in issuer');
      }
      const { pathname, search } = new URL(url);
      return fetch(`http://127.0.0.1:${port}${pathname}${search}`, {
        method: options.method,
        headers: options.headers,
        body: options.body ?? null,
        redirect: options.redirect,
        signal: options.signal ?? null,
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // fetch keeps its connections alive; none has a request left by the time the app closes.
        server.closeAllConnections();
      }),
  };
}
