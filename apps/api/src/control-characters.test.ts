import { ApiErrorSchema } from '@locals/contracts/errors';
import { SIGNIN_FAILED_PAGE } from './modules/auth/auth.routes';
import { UNSUBSCRIBE_FAILED_PAGE } from './modules/newsletter/newsletter.routes';
import { beforeAll, describe, expect, it } from 'vitest';
import { aService, insertBristolGeography, insertServices } from './testing/directory-fixtures';
import { anAddress, signedInUser } from './testing/signed-in';
import { useTestApp, WEB_CLIENT_HEADERS } from './testing/test-app';

/**
 * Issue 11: a NUL byte in any text input gave a 500 on 22 operations, because PostgreSQL cannot
 * store one. Every text input of every operation in the OpenAPI document (path, query and body)
 * is sent with a control character in an otherwise valid request, and must get a 400 naming it,
 * or, on the pages a browser goes to (signing in, unsubscribing), a page saying it failed.
 * A new input without a valid example below fails the suite, so new routes are covered too.
 */

type Location = 'path' | 'query' | 'body';
type Parameter = { name: string; in: string };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
};
type OpenApiDocument = { paths: Record<string, Record<string, Operation>> };

const SERVICE = 'control-characters-service';
const TOKEN = 'a'.repeat(32);

/** A valid value for each input, by name; a few inputs differ by operation. */
const EXAMPLES: Record<string, unknown> = {
  id: SERVICE,
  serviceId: SERVICE,
  serviceIds: SERVICE,
  eventId: 'event-1',
  token: TOKEN,
  uid: 'interaction-1',
  postcode: 'BS1 4DJ',
  distance: '5',
  keyword: 'food',
  category: 'food',
  serviceTypes: 'any',
  includeUnverified: 'false',
  openNow: 'false',
  includeUnknownHours: 'false',
  ageMin: '0',
  ageMax: '120',
  reviewRating: 'any',
  page: '1',
  pageSize: '10',
  lat: '51.45',
  lng: '-2.59',
  returnTo: '/',
  code: 'code-1',
  state: 'state-1',
  iss: 'http://localhost:3000/oidc',
  error: 'access_denied',
  error_description: 'denied',
  email: 'someone@example.org',
  password: 'correct horse battery',
  confirmPassword: 'correct horse battery',
  firstName: 'Ana',
  lastName: 'Silva',
  noteText: 'Open on Tuesdays',
  reviewText: 'Kind and quick',
  rating: 5,
  suggestionText: 'The phone number has changed',
  voteType: 'up',
  decision: 'accepted',
  organizationName: 'Community Pantry',
  contactName: 'Priya Shah',
  phone: '0117 496 0000',
  website: 'https://pantry.example.org',
  address: '1 Corn Street, Bristol BS1 1HQ',
  services: 'Food parcels',
  description: 'A volunteer-run food pantry.',
  location: 'BS1 4DJ',
  maxDistance: '5',
  date: '2026-12-01',
  from: '2026-12-01',
  to: '2026-12-07',
  registrationRequired: 'false',
  tags: 'free',
  // The Open Referral UK feed (/api/oruk)
  search: 'food',
  per_page: '10',
  taxonomy_term_id: 'food',
  taxonomy_id: 'categories',
  minimum_age: '0',
  maximum_age: '120',
  proximity: '1000',
  day: 'MO',
  start_time: '09:00',
  end_time: '17:00',
  modified_after: '2026-11-01T00:00:00Z',
  reason: 'Not a community service',
  // An organiser's event (/api/my/events)
  title: 'Corn Street Coffee Morning',
  venue: 'Corn Street Hall',
  allDay: false,
  startTime: '10:00',
  endTime: '12:00',
  organizerName: 'Priya Shah',
  organizerEmail: 'coffee@example.org',
  organizerPhone: '0117 496 0000',
  registrationLink: 'https://example.org/book',
  accessibility: ['Step-free'],
  repeat: { frequency: 'none', except: [] },
  listing: {
    name: 'Community Pantry',
    description: 'A volunteer-run food pantry.',
    categories: ['food'],
    phones: ['0117 496 0000'],
    email: '',
    website: '',
    address: '1 Corn Street, Bristol',
    postcode: 'BS1 4DJ',
    openingHours: '',
  },
};
const EXAMPLES_FOR: Record<string, Record<string, unknown>> = {
  '/api/notes/{id}': { id: '00000000-0000-4000-8000-000000000000' },
  '/api/reviews/{id}': { id: '00000000-0000-4000-8000-000000000000' },
  '/api/moderation/applications/{id}': { id: '00000000-0000-4000-8000-000000000000' },
  '/api/moderation/applications/{id}/approve': { id: '00000000-0000-4000-8000-000000000000' },
  '/api/moderation/applications/{id}/reject': { id: '00000000-0000-4000-8000-000000000000' },
  '/api/moderation/suggestions/{id}/decision': { id: '00000000-0000-4000-8000-000000000000' },
  '/api/moderation/provider-edits/{id}/revert': { id: '1' },
  '/api/my/events': { registrationRequired: false, tags: ['free'] },
  '/api/my/events/{id}': { registrationRequired: false, tags: ['free'] },
};

function example(path: string, name: string): unknown {
  const value = EXAMPLES_FOR[path]?.[name] ?? EXAMPLES[name];
  if (value === undefined) throw new Error(`No valid example for '${name}' of ${path}: add one`);
  return value;
}

/** Pages a browser goes to: a refused request lands on a page saying so instead of a 400. */
const NAVIGATIONS: Record<string, string> = {
  'GET /api/auth/signin': SIGNIN_FAILED_PAGE,
  'GET /api/auth/callback': SIGNIN_FAILED_PAGE,
  'GET /api/newsletter/unsubscribe': UNSUBSCRIBE_FAILED_PAGE,
};

type Case = { operation: string; method: string; path: string; location: Location; name: string };

function casesOf(document: OpenApiDocument): Case[] {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).flatMap(([method, operation]) => {
      const inputs: [Location, string][] = [
        ...(operation.parameters ?? [])
          .filter((parameter) => parameter.in === 'path' || parameter.in === 'query')
          .map((parameter): [Location, string] => [parameter.in as Location, parameter.name]),
        ...Object.keys(
          operation.requestBody?.content?.['application/json']?.schema?.properties ?? {},
        ).map((name): [Location, string] => ['body', name]),
      ];
      return inputs
        .filter(([, name]) => typeof example(path, name) === 'string')
        .map(([location, name]) => ({
          operation: `${method.toUpperCase()} ${path}`,
          method: method.toUpperCase(),
          path,
          location,
          name,
        }));
    }),
  );
}

/** The operation's valid request, with `bad` in place of one input. */
function requestOf(document: OpenApiDocument, target: Case, bad: string) {
  const operation = document.paths[target.path]![target.method.toLowerCase()]!;
  const value = (location: Location, name: string) =>
    location === target.location && name === target.name ? bad : String(example(target.path, name));
  const parameters = operation.parameters ?? [];
  const url = target.path.replace(/\{(\w+)\}/g, (_match, name: string) =>
    encodeURIComponent(value('path', name)),
  );
  const query = new URLSearchParams(
    parameters
      .filter((parameter) => parameter.in === 'query')
      .map((parameter): [string, string] => [parameter.name, value('query', parameter.name)]),
  ).toString();
  const properties = operation.requestBody?.content?.['application/json']?.schema?.properties;
  const payload = properties
    ? Object.fromEntries(
        Object.keys(properties).map((name) => {
          const valid = example(target.path, name);
          return [name, typeof valid === 'string' ? value('body', name) : valid];
        }),
      )
    : undefined;
  return { url: query ? `${url}?${query}` : url, payload };
}

describe('control characters in text inputs', () => {
  const testApp = useTestApp();
  let document: OpenApiDocument;
  let cookie: string;
  beforeAll(async () => {
    await insertBristolGeography(testApp.database);
    await insertServices(testApp.database, [aService({ id: SERVICE })]);
    document = (await testApp.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    cookie = (await signedInUser(testApp.app)).cookie;
  });

  it('covers every text input of the API', () => {
    const cases = casesOf(document);
    expect(new Set(cases.map((each) => each.operation)).size).toBeGreaterThanOrEqual(30);
  });

  it.each([
    ['a NUL byte', 'a\u0000b'],
    ['a backspace', 'a\bb'],
    ['an escape', '\u001b[31m'],
  ])(
    'answers 400 naming the field (a page: its failure page) for %s in any input',
    async (_what, bad) => {
      const answers = [];
      for (const target of casesOf(document)) {
        const { url, payload } = requestOf(document, target, bad);
        // A fresh address each time, so the per-IP limits never answer first.
        const response = await testApp.app.inject({
          method: target.method as 'GET',
          url,
          remoteAddress: anAddress(),
          headers: { ...WEB_CLIENT_HEADERS, cookie },
          ...(payload ? { payload } : {}),
        });
        const body = ApiErrorSchema.safeParse(
          response.headers['content-type']?.startsWith('application/json') ? response.json() : null,
        );
        const input = `${target.operation} ${target.location} ${target.name}`;
        // A page a browser goes to lands on a page saying what went wrong, never on JSON.
        const page = NAVIGATIONS[target.operation];
        const isAnswered = page
          ? [302, 303].includes(response.statusCode) && response.headers.location === page
          : response.statusCode === 400 && body.data?.fieldErrors?.[target.name] !== undefined;
        answers.push({ input, status: response.statusCode, isAnswered });
      }
      expect(answers.filter(({ isAnswered }) => !isAnswered)).toEqual([]);
    },
  );
});
