import { availableParallelism } from 'node:os';

/**
 * Which queue an attempt joins. `known`: a browser whose device cookie says it signed in to this
 * account before (device-cookie.ts); `open`: everyone else. The lanes have places of their own
 * and take turns at the workers, so a flood of strangers can neither fill the known lane nor
 * make its attempts wait behind their hashes.
 */
export type Lane = 'known' | 'open';

export type LaneLimits = {
  /** Attempts the lane holds at once: hashing, waiting for a worker, or held back by the throttle. */
  places: number;
  /** Of those, at most this many for any one key (an address, an account). */
  perKey: number;
};

export type PasswordGateLimits = { workers: number; lanes: Record<Lane, LaneLimits> };

/**
 * Decision 031. One argon2id hash at our settings (64 MiB, t=3, p=4) runs 4 threads of its own and
 * takes ~0.2 s on an idle 2-core machine, so one hash at a time already fills up to 4 cores:
 * more at once adds no throughput, only latency for everything else on the machine (measured in
 * docs/benchmarks.md: two at once pushed the owner's sign-in past 5 s). Two at most, which also
 * leaves two of libuv's four threads to files, DNS and compression. Eight open places are about
 * two seconds of hashing.
 */
export const PASSWORD_GATE_LIMITS: PasswordGateLimits = {
  workers: Math.min(2, Math.max(1, Math.floor(availableParallelism() / 4))),
  lanes: { open: { places: 8, perKey: 2 }, known: { places: 4, perKey: 2 } },
};

/** Before any hash has been timed here: a hash on a busy 2-core machine. */
const FIRST_ESTIMATE_MS = 500;
const MAX_RETRY_AFTER_S = 60;

export type GatePass = {
  /** Runs one argon2 call once a worker is free. */
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Gives the place back once the attempt has its answer, whatever it was. Once is enough. */
  leave(): void;
};

/**
 * Bounds password hashing in this process (each instance guards its own CPU): a few workers,
 * a few places per lane, and a share of them per address and per account. An attempt that finds
 * no place is refused at once rather than queued, so a flood costs the attacker refusals, not
 * everyone else a wait.
 */
export function createPasswordGate(
  limits: PasswordGateLimits = PASSWORD_GATE_LIMITS,
  clock: () => number = () => performance.now(),
) {
  const placesHeld: Record<Lane, number> = { known: 0, open: 0 };
  const heldPerKey: Record<Lane, Map<string, number>> = { known: new Map(), open: new Map() };
  const waiting: Record<Lane, Array<() => void>> = { known: [], open: [] };
  let busyWorkers = 0;
  let lastServed: Lane = 'open';
  let averageRunMs = FIRST_ESTIMATE_MS;

  function adjust(lane: Lane, keys: Set<string>, change: 1 | -1): void {
    placesHeld[lane] += change;
    for (const key of keys) {
      const held = (heldPerKey[lane].get(key) ?? 0) + change;
      if (held === 0) heldPerKey[lane].delete(key);
      else heldPerKey[lane].set(key, held);
    }
  }

  /** When both lanes wait, the one not served last goes next. */
  function nextLane(): Lane | null {
    const other: Lane = lastServed === 'open' ? 'known' : 'open';
    if (waiting[other].length > 0) return other;
    return waiting[lastServed].length > 0 ? lastServed : null;
  }

  function startWaiting(): void {
    for (let lane = nextLane(); lane && busyWorkers < limits.workers; lane = nextLane()) {
      busyWorkers += 1;
      lastServed = lane;
      waiting[lane].shift()?.();
    }
  }

  function worker(lane: Lane): Promise<void> {
    return new Promise((resolve) => {
      waiting[lane].push(resolve);
      startWaiting();
    });
  }

  async function run<T>(lane: Lane, work: () => Promise<T>): Promise<T> {
    await worker(lane);
    const started = clock();
    try {
      return await work();
    } finally {
      averageRunMs = 0.8 * averageRunMs + 0.2 * (clock() - started);
      busyWorkers -= 1;
      startWaiting();
    }
  }

  return {
    /** A place in the lane for one attempt, or null when the lane or one of its keys is full. */
    enter(lane: Lane, keyList: readonly string[]): GatePass | null {
      const keys = new Set(keyList);
      const { places, perKey } = limits.lanes[lane];
      if (placesHeld[lane] >= places) return null;
      if ([...keys].some((key) => (heldPerKey[lane].get(key) ?? 0) >= perKey)) return null;
      adjust(lane, keys, 1);
      let isInside = true;
      return {
        run: (work) => run(lane, work),
        leave: () => {
          if (isInside) adjust(lane, keys, -1);
          isInside = false;
        },
      };
    },

    /** Whole seconds until the lane's attempts are likely through: Retry-After for a refusal. */
    retryAfterSeconds(lane: Lane): number {
      const drainMs = (placesHeld[lane] * averageRunMs) / limits.workers;
      return Math.min(MAX_RETRY_AFTER_S, Math.max(1, Math.ceil(drainMs / 1000)));
    },
  };
}
