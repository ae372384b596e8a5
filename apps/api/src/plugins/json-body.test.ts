import { ApiErrorSchema } from '@locals/contracts/errors';
import { describe, expect, it } from 'vitest';
import { anAddress } from '../testing/signed-in';
import { useTestApp, WEB_CLIENT_HEADERS } from '../testing/test-app';

/** `[[[…"leaf"…]]]`, `depth` lists deep, as JSON text. */
function nestedJson(depth: number, leaf: string): string {
  return `${'['.repeat(depth)}${JSON.stringify(leaf)}${']'.repeat(depth)}`;
}

describe('a JSON body sent to a route that takes none', () => {
  const testApp = useTestApp();

  const logout = (payload: string) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      remoteAddress: anAddress(),
      headers: { ...WEB_CLIENT_HEADERS, 'content-type': 'application/json' },
      payload,
    });

  // Found by the fuzz suite: 40,000 levels (80 KB, within the body limit) overflowed the stack
  // of the control-character check and answered 500.
  it('is ignored however deep it is nested', async () => {
    const response = await logout(nestedJson(40_000, 'leaf'));

    expect(response.statusCode).toBe(303);
  });

  it('still has a control character found at the bottom of a deep nest, and named', async () => {
    const response = await logout(nestedJson(40_000, 'a\u0000b'));

    expect(response.statusCode).toBe(400);
    const body = ApiErrorSchema.parse(response.json());
    expect(body.message).toMatch(/^0(\.0){39999} must not contain control characters$/);
  });
});

describe('a control character in the address of a page or file', () => {
  const testApp = useTestApp();

  it('is refused naming the web address, not a field called *', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/docs/static/a%00b',
      remoteAddress: anAddress(),
    });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'validation_error',
      message: 'The web address must not contain control characters',
    });
  });
});
