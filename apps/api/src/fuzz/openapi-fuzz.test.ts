import { randomUUID } from 'node:crypto';
import { BookmarkShareSchema } from '@locals/contracts/bookmarks';
import { NoteResponseSchema } from '@locals/contracts/notes';
import { SubmittedEventResponseSchema } from '@locals/contracts/organiser-events';
import { ReviewResponseSchema } from '@locals/contracts/reviews';
import { listingProviders } from '@locals/db/schema';
import argon2 from 'argon2';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createRolesRepository } from '../modules/auth';
import { aService, insertBristolGeography, insertServices } from '../testing/directory-fixtures';
import { signedInUser, type SignedInUser } from '../testing/signed-in';
import { aSubmission } from '../testing/submitted-event-fixtures';
import { createTestApp } from '../testing/test-app';
import { fuzzOperation, type FuzzRun } from './fuzz-operation';
import { requestArbitrary } from './fuzz-request';
import type { Hints } from './json-schema-arbitraries';
import { operationsOf, type OpenApiDocument, type Operation } from './openapi-operations';

/**
 * Issue 11: every operation in the OpenAPI document, fuzzed from its own schemas with valid and
 * hostile paths, queries, bodies and headers, signed out and signed in. Any 5xx, anything
 * internal in an answer (a stack, a path, SQL, a Fastify code), an error body not in the API's
 * shape, or an error in the server's log fails the suite (checks in response-problems.ts).
 *
 * FUZZ_SEED (default below) fixes every request, so a failure reproduces: the report names the
 * smallest failing request and the command that sends it again. Other seeds, or more runs with
 * FUZZ_RUNS, explore further.
 */
const BASE_SEED = Number(process.env.FUZZ_SEED ?? 20_251_111);
/** 30 per operation and mode keeps `npm test` quick (2,820 requests); FUZZ_RUNS=300 digs deeper. */
const RUNS_PER_OPERATION = Number(process.env.FUZZ_RUNS ?? 30);

// argon2id at the product's settings takes 0.5-1.2 s a hash on a busy 2-core machine, and every
// valid registration and reset hashes (a reset even before it checks its token, by design), so
// they would take most of the suite's time. This suite is about what requests do, not the hash's
// strength: new hashes are made cheaply here, and verifying any hash works as in production.
vi.mock(import('../modules/auth/passwords'), async (importOriginal) => ({
  ...(await importOriginal()),
  hashPassword: (password: string) =>
    argon2.hash(password, { type: argon2.argon2id, memoryCost: 1024, timeCost: 1, parallelism: 1 }),
}));

const SERVICES = ['fuzz-service-1', 'fuzz-service-2'];
const SESSION_COOKIE = '__Host-locals_session';
const PASSWORD = 'correct horse battery staple';

// The app and its document name the tests, so they are made while the file is collected.
const errorLogs: string[] = [];
const testApp = await createTestApp({
  // Failed sign-ins are held back (login-throttle.ts); the fuzzer has no time to wait.
  sleep: async () => {},
  logStream: { write: (line) => recordErrors(line) },
});
const { app } = testApp;
const document: OpenApiDocument = (
  await app.inject({ method: 'GET', url: '/api/docs/json' })
).json();
const operations = operationsOf(document);
const cases = operations.map((operation) => [operation.name, operation] as const);

function recordErrors(line: string): void {
  const { level } = JSON.parse(line) as { level: number };
  if (level >= 50) errorLogs.push(line);
}

/** Real values the fixtures made: ids, a shared list's token, sign-in flows' states. */
const made: Record<string, string> = {};
let signInStates: string[] = [];

beforeAll(async () => {
  await insertBristolGeography(testApp.database);
  await insertServices(
    testApp.database,
    SERVICES.map((id) => aService({ id })),
  );
  // Someone nobody fuzzes as, so their shared list stays shared all along.
  const sharer = await signedInUser(app);
  const share = await sharer.send('POST', '/api/users/me/bookmark-share');
  made.shareToken = BookmarkShareSchema.parse(share.json()).share!.token;
  signInStates = await startSignIns(10);
});

afterAll(async () => {
  // Closing waits for work done after an answer (reset emails), whose failures only the log sees.
  await testApp.close();
  expect(errorLogs, 'the server logged errors').toEqual([]);
});

/** The `state` of sign-ins started and never finished, for the callback to be called with. */
async function startSignIns(count: number): Promise<string[]> {
  const starts = Array.from({ length: count }, () =>
    app.inject({ method: 'GET', url: '/api/auth/signin' }),
  );
  return (await Promise.all(starts)).map((start) => {
    const state = new URL(String(start.headers.location)).searchParams.get('state');
    if (!state) throw new Error(`Sign-in did not redirect with a state: ${start.statusCode}`);
    return state;
  });
}

/**
 * Events the person sent (and, as moderator, published one of), so the routes about one event
 * reach it rather than a 404: one each, as reading, cancelling, deleting and deciding change it.
 */
async function submitEventsOf(person: SignedInUser) {
  const date = new Date(Date.now() + 7 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  const submit = async (title: string) => {
    const sent = await person.send(
      'POST',
      '/api/my/events',
      { ...aSubmission({ title, date }), postcode: 'BS1 4DJ' },
      { 'idempotency-key': randomUUID() },
    );
    return SubmittedEventResponseSchema.parse(sent.json()).data.id;
  };
  for (const purpose of ['Read', 'Cancel', 'Delete', 'Publish', 'Refuse', 'Dated'] as const) {
    made[`eventTo${purpose}`] = await submit(`Fuzz ${purpose} Morning`);
  }
  made.publishedEvent = made.eventToDated!;
  made.publishedEventDate = date;
  await person.send('POST', `/api/moderation/events/${made.publishedEvent}/publish`, undefined, {
    'idempotency-key': randomUUID(),
  });
}

/** Real values for fields whose bare schema would rarely get past the contract or a 404. */
function hintsFor(operation: Operation): Hints {
  const byName: Record<string, fc.Arbitrary<unknown>> = {
    id: fc.constantFrom(...SERVICES),
    serviceId: fc.constantFrom(...SERVICES),
    serviceIds: fc.constantFrom(SERVICES.join(','), SERVICES[0]!),
    postcode: fc.constantFrom('BS1 4DJ', 'bs14dj', 'BS1', 'BA1', 'SW1A 1AA', 'ZZ99 9ZZ'),
    distance: fc.constantFrom('', '5', '10', '25', '40', '60', '100'),
    keyword: fc.constantFrom('food', 'advice', 'bristol', '"', 'ŝ', '%'),
    lat: fc.double({ min: 51.3, max: 51.6, noNaN: true }),
    lng: fc.double({ min: -2.7, max: -2.4, noNaN: true }),
    email: fc.oneof(
      {
        weight: 3,
        arbitrary: fc.stringMatching(/^[a-z0-9]{1,12}(\.[a-z0-9]{1,8})?@example\.org$/),
      },
      { weight: 1, arbitrary: fc.emailAddress().filter((email) => email.length <= 254) },
    ),
    // The same in both fields, so a registration or a reset gets as far as hashing it.
    password: fc.constant(PASSWORD),
    confirmPassword: fc.constant(PASSWORD),
    // Shaped like the API's own secrets (32 random bytes, base64url), but never issued.
    token: fc.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    state: fc.constantFrom(...signInStates),
    phone: fc.stringMatching(/^0[0-9]{3} [0-9]{3} [0-9]{4}$/),
    website: fc.webUrl(),
    returnTo: fc.constantFrom('/', '/results?postcode=BS1', '//evil.example', '/..//evil.example'),
  };
  const forThisOperation: Record<string, string | undefined> = {
    'PATCH /api/notes/{id} id': made.noteId,
    'DELETE /api/notes/{id} id': made.noteId,
    'DELETE /api/reviews/{id} id': made.reviewId,
    'GET /api/shared/bookmarks/{token} token': made.shareToken,
    // An event of the person's own for each thing they (or, as moderator, they) may do to it.
    'GET /api/my/events/{id} id': made.eventToRead,
    'PUT /api/my/events/{id} id': made.eventToRead,
    'POST /api/my/events/{id}/cancel id': made.eventToCancel,
    'DELETE /api/my/events/{id} id': made.eventToDelete,
    'POST /api/moderation/events/{id}/publish id': made.eventToPublish,
    'POST /api/moderation/events/{id}/refuse id': made.eventToRefuse,
    'POST /api/my/events/{id}/cancelled-dates id': made.publishedEvent,
    'POST /api/my/events/{id}/cancelled-dates date': made.publishedEventDate,
  };
  return (name) => {
    const own = forThisOperation[`${operation.name} ${name}`];
    return own !== undefined ? fc.constant(own) : byName[name];
  };
}

const HOSTILE_CREDENTIALS: Record<string, string>[] = [
  { cookie: `${SESSION_COOKIE}=${'a'.repeat(43)}` },
  { cookie: `${SESSION_COOKIE}=%zz; ${SESSION_COOKIE}=; a=b` },
  { cookie: ';;;=;' },
  { cookie: 'locals_issuer_interaction=abc; locals_issuer_interaction.sig=%zz' },
  { authorization: 'Bearer not-a-token' },
  { authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.' },
  { authorization: `Bearer ${'a'.repeat(5000)}` },
  { authorization: 'Basic Zm9vOmJhcg==' },
  { authorization: 'Bearer' },
];

function signedOutCredentials(): fc.Arbitrary<Record<string, string>> {
  return fc.oneof(
    { weight: 6, arbitrary: fc.constant({}) },
    { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_CREDENTIALS) },
  );
}

/** The person's session cookie; now and then a bearer token too, which then decides alone. */
function signedInCredentials(user: SignedInUser): fc.Arbitrary<Record<string, string>> {
  const bearers = HOSTILE_CREDENTIALS.filter((each) => each.authorization !== undefined);
  return fc.oneof(
    { weight: 9, arbitrary: fc.constant({ cookie: user.cookie }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(...bearers).map((bearer) => ({ cookie: user.cookie, ...bearer })),
    },
  );
}

/**
 * A fuzz run for one mode, remembering which operations answered anything below 400: a suite
 * whose requests all bounced off validation, the CSRF check or a 415 would prove nothing.
 */
function runFor(label: string) {
  const fuzzed = new Set<string>();
  const answered = new Set<string>();
  const run = (operation: Operation): FuzzRun => {
    fuzzed.add(operation.name);
    return {
      app,
      label,
      baseSeed: BASE_SEED,
      runs: RUNS_PER_OPERATION,
      errorLogs,
      onAnswer: (status) => {
        if (status < 400) answered.add(operation.name);
      },
    };
  };
  /** Over the whole document only: one operation picked with `-t` may rightly never pass. */
  const expectAnswered = (share: number) => {
    if (fuzzed.size < operations.length) return;
    expect(answered.size, `${label}: operations answered below 400`).toBeGreaterThanOrEqual(
      operations.length * share,
    );
  };
  return { run, expectAnswered };
}

describe('the OpenAPI document', () => {
  it('lists the operations to fuzz', () => {
    expect(operations.length).toBeGreaterThanOrEqual(45);
  });
});

describe('fuzzing every operation signed out', () => {
  const { run, expectAnswered } = runFor('signed out');
  // Nearly two thirds need a session (401: My events, moderation and the rest) or a secret only
  // an email carries.
  afterAll(() => expectAnswered(0.33));

  it.each(cases)('%s answers without a 5xx or leaked internals', async (_name, operation) => {
    const requests = requestArbitrary(operation, hintsFor(operation), signedOutCredentials());
    await fuzzOperation(operation, requests, run(operation));
  });
});

describe('fuzzing every operation signed in', () => {
  const { run, expectAnswered } = runFor('signed in');
  let person: SignedInUser;
  // Signing out ends the session, so the logout operations get a person of their own.
  let leaving: SignedInUser;
  beforeAll(async () => {
    person = await signedInUser(app);
    leaving = await signedInUser(app);
    // A moderator who provides a listing, so moderation and provider routes answer too.
    await createRolesRepository(testApp.database.db).grant(person.id, 'moderator');
    await testApp.database.db
      .insert(listingProviders)
      .values({ serviceId: SERVICES[0]!, email: person.email, userId: person.id });
    const note = await person.send('POST', '/api/notes', {
      serviceId: SERVICES[0],
      noteText: 'Fuzz',
    });
    const review = await person.send('POST', '/api/reviews', {
      serviceId: SERVICES[0],
      rating: 4,
      reviewText: 'Kind and quick',
    });
    made.noteId = NoteResponseSchema.parse(note.json()).note.id;
    made.reviewId = ReviewResponseSchema.parse(review.json()).review.id;
    await submitEventsOf(person);
  });
  // Only the steps of signing in and emailed links stay out of reach.
  afterAll(() => expectAnswered(0.7));

  it.each(cases)('%s answers without a 5xx or leaked internals', async (_name, operation) => {
    const who = operation.path === '/api/auth/logout' ? leaving : person;
    const requests = requestArbitrary(operation, hintsFor(operation), signedInCredentials(who));
    await fuzzOperation(operation, requests, run(operation));
  });
});
