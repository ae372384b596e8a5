import { describe, expect, it } from 'vitest';
import { createPasswordGate, type GatePass, type PasswordGateLimits } from './password-gate';

const ONE_WORKER: PasswordGateLimits = {
  workers: 1,
  lanes: { open: { places: 4, perKey: 2 }, known: { places: 2, perKey: 1 } },
};

/** A hash that finishes when the test says so, recording when it started. */
function controlledHash(name: string, started: string[]) {
  let finish = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return {
    work: async () => {
      started.push(name);
      await done;
      return name;
    },
    finish,
  };
}

const entered = (pass: GatePass | null): GatePass => {
  if (!pass) throw new Error('expected a place');
  return pass;
};

/** Lets every promise that can settle, settle. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the password gate', () => {
  it('refuses an attempt at once when its lane has no place left, and takes it again after one leaves', () => {
    const gate = createPasswordGate(ONE_WORKER);
    const passes = ['a', 'b', 'c', 'd'].map((n) => entered(gate.enter('open', [`address:${n}`])));

    expect(gate.enter('open', ['address:e'])).toBeNull();
    passes[0]!.leave();
    expect(gate.enter('open', ['address:e'])).not.toBeNull();
  });

  it.each([
    ['the same address', ['address:1', 'account:a'], ['address:1', 'account:b']],
    ['the same account', ['address:1', 'account:a'], ['address:2', 'account:a']],
  ])('gives %s at most its share of places', (_, first, later) => {
    const gate = createPasswordGate(ONE_WORKER);
    gate.enter('open', first);
    gate.enter('open', first);

    expect(gate.enter('open', later)).toBeNull();
    expect(gate.enter('open', ['address:3', 'account:c'])).not.toBeNull();
  });

  it('keeps the known lane open while strangers fill theirs', () => {
    const gate = createPasswordGate(ONE_WORKER);
    for (let n = 0; n < 4; n += 1) gate.enter('open', [`address:${n}`, 'account:owner']);

    expect(gate.enter('known', ['account:owner'])).not.toBeNull();
  });

  it('counts a place once however often it is left', () => {
    const gate = createPasswordGate(ONE_WORKER);
    const pass = entered(gate.enter('known', ['account:a']));
    pass.leave();
    pass.leave();
    entered(gate.enter('known', ['account:b']));

    expect(gate.enter('known', ['account:a'])).not.toBeNull();
    expect(gate.enter('known', ['account:c'])).toBeNull();
  });

  it('runs no more hashes at once than it has workers', async () => {
    const gate = createPasswordGate({ ...ONE_WORKER, workers: 2 });
    const started: string[] = [];
    const hashes = ['a', 'b', 'c'].map((name) => controlledHash(name, started));
    const results = hashes.map((hash, n) =>
      entered(gate.enter('open', [`address:${n}`])).run(hash.work),
    );
    await settle();
    expect(started).toEqual(['a', 'b']);

    hashes[1]!.finish();
    await settle();
    expect(started).toEqual(['a', 'b', 'c']);
    hashes[0]!.finish();
    hashes[2]!.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c']);
  });

  it("gives the known lane the next worker, so the owner never waits behind a flood's queue", async () => {
    const gate = createPasswordGate(ONE_WORKER);
    const started: string[] = [];
    const flood = ['guess 1', 'guess 2', 'guess 3'].map((name) => controlledHash(name, started));
    const owner = controlledHash('owner', started);
    flood.forEach((guess, n) => void entered(gate.enter('open', [`address:${n}`])).run(guess.work));
    void entered(gate.enter('known', ['account:owner'])).run(owner.work);
    await settle();

    flood[0]!.finish();
    await settle();
    owner.finish();
    await settle();

    expect(started).toEqual(['guess 1', 'owner', 'guess 2']);
  });

  it('frees the worker when a hash fails', async () => {
    const gate = createPasswordGate(ONE_WORKER);
    const failing = entered(gate.enter('open', ['address:1'])).run(() =>
      Promise.reject(new Error('argon2 failed')),
    );
    await expect(failing).rejects.toThrow('argon2 failed');

    expect(
      await entered(gate.enter('open', ['address:2'])).run(() => Promise.resolve('next')),
    ).toBe('next');
  });

  it('asks a refused attempt to wait about as long as the hashes ahead of it take', async () => {
    let now = 0;
    const gate = createPasswordGate(
      { workers: 2, lanes: { open: { places: 8, perKey: 8 }, known: ONE_WORKER.lanes.known } },
      () => now,
    );
    // Hashes that take 1.5 s each teach the gate how long one takes.
    for (let n = 0; n < 20; n += 1) {
      const pass = entered(gate.enter('open', ['address:1']));
      await pass.run(() => {
        now += 1500;
        return Promise.resolve();
      });
      pass.leave();
    }
    expect(gate.retryAfterSeconds('open')).toBe(1);

    for (let n = 0; n < 8; n += 1) gate.enter('open', ['address:2']);

    // Eight attempts ahead, two at a time, about 1.5 s each: 6 s.
    expect(gate.retryAfterSeconds('open')).toBe(6);
  });
});
