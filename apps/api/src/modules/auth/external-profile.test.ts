import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { externalProfile } from './external-profile';

/** A userinfo endpoint like GOV.UK One Login's: email only here, never in the ID token. */
function startUserInfo(body: Record<string, unknown>) {
  const requests: Array<{ authorization: string | undefined }> = [];
  const server = createServer((request, response) => {
    requests.push({ authorization: request.headers.authorization });
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  });
  return { server, requests };
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    }),
  );
}

function configurationFor(origin: string | null) {
  const configuration = new oidc.Configuration(
    {
      issuer: 'https://issuer.example',
      ...(origin ? { userinfo_endpoint: `${origin}/userinfo` } : {}),
    },
    'locals-web',
  );
  oidc.allowInsecureRequests(configuration);
  return configuration;
}

const tokensWith = (accessToken: string) =>
  ({ access_token: accessToken, token_type: 'bearer' }) as Parameters<typeof externalProfile>[1];
const idToken = (claims: Record<string, unknown>) =>
  ({
    iss: 'https://issuer.example',
    sub: 'urn:person:1',
    aud: 'locals-web',
    iat: 0,
    exp: 0,
    ...claims,
  }) as oidc.IDToken;

describe('the profile of a person signed in at an external issuer', () => {
  const userInfo = startUserInfo({
    sub: 'urn:person:1',
    email: 'sam@example.org',
    given_name: 'Sam',
    family_name: 'Jones',
  });
  const otherPerson = startUserInfo({ sub: 'urn:person:2', email: 'someone@example.org' });
  let origin: string;
  let otherOrigin: string;
  beforeAll(async () => {
    origin = await listen(userInfo.server);
    otherOrigin = await listen(otherPerson.server);
  });
  afterAll(() => {
    userInfo.server.close();
    otherPerson.server.close();
  });

  it('takes email and name from the ID token without calling userinfo when it has them', async () => {
    const profile = await externalProfile(
      configurationFor(origin),
      tokensWith('access-1'),
      idToken({ email: 'id@example.org', given_name: 'Ida' }),
    );
    expect(profile).toEqual({ email: 'id@example.org', firstName: 'Ida', lastName: undefined });
    expect(userInfo.requests).toHaveLength(0);
  });

  it('asks userinfo with the access token when the ID token has no email (One Login)', async () => {
    const profile = await externalProfile(
      configurationFor(origin),
      tokensWith('access-2'),
      idToken({}),
    );
    expect(profile).toEqual({ email: 'sam@example.org', firstName: 'Sam', lastName: 'Jones' });
    expect(userInfo.requests.at(-1)?.authorization).toBe('Bearer access-2');
  });

  it('refuses userinfo that describes someone else', async () => {
    await expect(
      externalProfile(configurationFor(otherOrigin), tokensWith('access-3'), idToken({})),
    ).rejects.toThrow();
  });

  it('keeps what the ID token has when the issuer offers no userinfo endpoint', async () => {
    const profile = await externalProfile(
      configurationFor(null),
      tokensWith('access-4'),
      idToken({ given_name: 'Sam' }),
    );
    expect(profile).toEqual({ email: undefined, firstName: 'Sam', lastName: undefined });
  });
});
