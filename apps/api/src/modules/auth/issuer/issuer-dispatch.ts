import type { IncomingMessage, ServerResponse } from 'node:http';
import { inject } from 'light-my-request';
import type Provider from 'oidc-provider';
import type { CustomFetchOptions } from 'openid-client';

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
    const url = req.url ?? '/';
    Object.assign(req, { originalUrl: url, url: url.slice(ISSUER_MOUNT_PATH.length) || '/' });
    req.headers['x-forwarded-proto'] = protocol.replace(':', '');
    req.headers['x-forwarded-host'] = host;
    req.headers['x-forwarded-for'] = ip;
    await handle(req, res);
  };
}

/**
 * A fetch for openid-client that reaches the built-in issuer in-process: no network, no
 * hairpin through a load balancer, and it works before the server listens (tests).
 */
export function createIssuerFetch(dispatch: IssuerDispatch, publicUrl: string) {
  const issuerPrefix = `${publicUrl}${ISSUER_MOUNT_PATH}/`;
  return async (url: string, options: CustomFetchOptions): Promise<Response> => {
    if (!url.startsWith(issuerPrefix)) {
      throw new Error('The built-in issuer fetch only reaches the built-in issuer');
    }
    const target = new URL(url);
    const response = await inject((req, res) => void dispatch(req, res, '127.0.0.1'), {
      method: options.method as 'GET' | 'POST',
      url: `${target.pathname}${target.search}`,
      headers: { ...options.headers, host: target.host },
      ...(options.body === undefined || options.body === null
        ? {}
        : { payload: bodyText(options.body) }),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) headers.append(name, String(item));
    }
    const hasBody = response.statusCode !== 204 && response.statusCode !== 304;
    return new Response(hasBody ? response.rawPayload : null, {
      status: response.statusCode,
      headers,
    });
  };
}

function bodyText(body: CustomFetchOptions['body']): string {
  if (typeof body === 'string' || body instanceof URLSearchParams) return body.toString();
  throw new Error('The built-in issuer fetch sends only form or text bodies');
}
