import { ApiErrorSchema } from '@locals/contracts/errors';
import { describe, expect, it } from 'vitest';
import { anAddress, signedOutClient } from './testing/signed-in';
import { useTestApp } from './testing/test-app';

const anApplication = (n: number) => ({
  organizationName: `Community Pantry ${n}`,
  contactName: 'Priya Shah',
  email: `priya.${n}@pantry.example.org`,
  phone: '0117 496 0000',
  address: '1 Corn Street, Bristol BS1 1HQ',
  services: 'Food parcels, community meals',
  description: 'A volunteer-run food pantry open three days a week.',
});

/** Public forms that send email: each IP address gets a few a minute. */
const LIMITS = [
  {
    url: '/api/newsletter/subscribe',
    perMinute: 10,
    accepted: 200,
    body: (n: number) => ({ email: `reader.${n}@example.org` }),
  },
  { url: '/api/service-providers/apply', perMinute: 5, accepted: 201, body: anApplication },
  // A link Locals never sent is not found; a flood of them is still limited.
  {
    url: '/api/providers/links/renew',
    perMinute: 10,
    accepted: 404,
    body: () => ({ token: 'a'.repeat(43) }),
  },
];

describe('rate limits on public forms', () => {
  const testApp = useTestApp();

  it.each(LIMITS)(
    'POST $url answers 429 after $perMinute a minute from one address, not from another',
    async ({ url, perMinute, accepted, body }) => {
      const flood = signedOutClient(testApp.app, anAddress());
      const statuses = new Set<number>();
      for (let n = 0; n < perMinute; n += 1) {
        statuses.add((await flood('POST', url, body(n))).statusCode);
      }

      const limited = await flood('POST', url, body(perMinute));
      const elsewhere = await signedOutClient(testApp.app, anAddress())('POST', url, body(999));

      expect([...statuses]).toEqual([accepted]);
      expect(limited.statusCode).toBe(429);
      expect(ApiErrorSchema.parse(limited.json())).toEqual({
        code: 'rate_limited',
        message: 'Too many requests. Please wait a minute and try again.',
      });
      expect(limited.headers['retry-after']).toBeDefined();
      expect(elsewhere.statusCode).toBe(accepted);
    },
  );
});
