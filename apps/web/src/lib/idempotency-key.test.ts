import { IdempotencyKeySchema } from '@locals/contracts/engagement-common';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newIdempotencyKey } from './idempotency-key';

describe('newIdempotencyKey', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('makes a UUID the API accepts, different each time', () => {
    const keys = Array.from({ length: 20 }, () => newIdempotencyKey());

    for (const key of keys) expect(IdempotencyKeySchema.safeParse(key).success).toBe(true);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('works on a plain-http page, where crypto.randomUUID does not exist', () => {
    vi.stubGlobal('crypto', { getRandomValues: crypto.getRandomValues.bind(crypto) });

    const key = newIdempotencyKey();

    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(IdempotencyKeySchema.safeParse(key).success).toBe(true);
  });
});
