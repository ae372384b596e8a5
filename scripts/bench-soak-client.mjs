// Load generator for the soak benchmark (scripts/bench-soak.mjs), in its own process so it does
// not share the server's event loop. Reads {url, minutes, connections, rate, staticPaths,
// postcodesFile} as JSON on stdin; prints one JSON line per minute of load and then a summary.
//
// Traffic: what people do on the site, in fixed proportions (MIX), from a seeded PRNG so every
// run sends the same mix; signed-in people browse their lists and bookmark services, and one of
// them signs in again (ending the older session) every SIGN_IN_EVERY_MS.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

const input = JSON.parse(
  await new Promise((resolve) => {
    let text = '';
    process.stdin.on('data', (chunk) => (text += chunk));
    process.stdin.on('end', () => resolve(text));
  }),
);
const MINUTE_MS = 60_000;
const PEOPLE = 16;
const SIGN_IN_EVERY_MS = 15_000;
// Anonymous requests cycle through this many client addresses: enough that the per-IP limits
// (300 a minute) never refuse them, and that the limiter keeps a full table of addresses.
const ANONYMOUS_ADDRESSES = 20_000;
const PASSWORD = 'soak-bench wandering otter';
// A browser's headers: compressed answers, JSON from the web app's fetches.
const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };
const FETCH = { ...BROWSER, accept: 'application/json', 'x-requested-with': 'fetch' };

/** mulberry32: the same "random" choices on every run. */
function seeded(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = seeded(20261125);
const pick = (list) => list[Math.floor(random() * list.length)];

// Real postcodes: the three the docs use, and 300 spread through open-data's Bristol and London file.
const allPostcodes = readFileSync(input.postcodesFile, 'utf8')
  .split('\n')
  .slice(1)
  .map((line) => line.split(',')[0])
  .filter(Boolean);
const POSTCODES = [
  'BS1 4DJ',
  'E1 6AN',
  'SW1A 1AA',
  ...Array.from(
    { length: 300 },
    (_, i) => allPostcodes[Math.floor((i * allPostcodes.length) / 300)],
  ),
];
const KEYWORDS = ['food bank', 'pharmacy', 'gp', 'counselling', 'pharmasy', 'dentist', 'library'];
const CATEGORIES = ['food', 'health', 'mentalhealth', 'housing', 'welcomespaces', 'socialcare'];
const DISTANCES = ['5', '10', '10', '10', '25', ''];

function searchPath({ keyword = '', category = '', pageSize = 10 }) {
  const params = new URLSearchParams({ postcode: pick(POSTCODES), distance: pick(DISTANCES) });
  if (keyword) params.set('keyword', keyword);
  if (category) params.set('category', category);
  params.set('serviceTypes', 'any');
  params.set('includeUnverified', String(pageSize > 10));
  params.set('page', pageSize > 10 || random() < 0.8 ? '1' : '2');
  params.set('pageSize', String(pageSize));
  return `/api/HealthServices/search-new?${params}`;
}

const base = new URL(input.url);
let anonymous = 0;
const nextAddress = () => {
  anonymous = (anonymous + 1) % ANONYMOUS_ADDRESSES;
  return `10.0.${anonymous >> 8}.${anonymous & 255}`;
};

/** Just enough of a browser: its cookies by name, sent on every request to this server. */
function browser(address) {
  const jar = new Map();
  return {
    jar,
    async go(path, init = {}) {
      const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
      const response = await fetch(new URL(path, base), {
        ...init,
        redirect: 'manual',
        headers: { ...FETCH, 'x-forwarded-for': address, cookie, ...init.headers },
      });
      for (const line of response.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const at = pair.indexOf('=');
        const [name, value] = [pair.slice(0, at), pair.slice(at + 1)];
        if (value === '' || /max-age=0/i.test(line)) jar.delete(name);
        else jar.set(name, value);
      }
      await response.arrayBuffer();
      return response;
    },
  };
}

const json = (body) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** The built-in issuer's whole flow, as the web app walks it; the session cookie, or throws. */
async function signIn(person) {
  const { go, jar } = browser(person.address);
  const start = await go('/api/auth/signin?returnTo=%2F');
  const authorize = await go(start.headers.get('location') ?? '');
  const uid = /\/signin\/([^/?]+)/.exec(authorize.headers.get('location') ?? '')?.[1];
  if (!uid) throw new Error(`sign-in: no interaction (${authorize.status})`);
  const login = await fetch(new URL('/api/auth/login', base), {
    ...json({ uid, email: person.email, password: PASSWORD }),
    headers: {
      ...FETCH,
      'content-type': 'application/json',
      'x-forwarded-for': person.address,
      cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
    },
  });
  if (login.status !== 200) throw new Error(`sign-in: login answered ${login.status}`);
  const { redirectTo } = await login.json();
  const resume = await go(redirectTo);
  const callback = await go(resume.headers.get('location') ?? '');
  const session = [...jar].find(([name]) => name.endsWith('locals_session'));
  if (callback.status !== 302 || !session) throw new Error('sign-in: no session cookie');
  return `${session[0]}=${session[1]}`;
}

async function signOut(person, cookie) {
  const response = await fetch(new URL('/api/auth/logout', base), {
    method: 'POST',
    redirect: 'manual',
    headers: { ...FETCH, 'x-forwarded-for': person.address, cookie },
  });
  await response.arrayBuffer();
}

// Setup, before the timed minutes: services to open, people with accounts and sessions.
const serviceIds = new Set();
for (const keyword of ['', ...KEYWORDS]) {
  for (const postcode of ['BS1 4DJ', 'E1 6AN', 'SW1A 1AA']) {
    const params = new URLSearchParams({ postcode, distance: '10', keyword, pageSize: '50' });
    const response = await fetch(new URL(`/api/HealthServices/search-new?${params}`, base), {
      headers: { 'x-forwarded-for': nextAddress() },
    });
    if (response.ok) for (const { id } of (await response.json()).results) serviceIds.add(id);
  }
}
const SERVICE_IDS = [...serviceIds];
if (SERVICE_IDS.length === 0) throw new Error('No services found to open');

const people = [];
for (let i = 0; i < PEOPLE; i += 1) {
  // Registration allows 10 a minute per address: each person registers from their own.
  const person = { email: `soak-${Date.now()}-${i}@example.org`, address: `10.200.0.${i + 1}` };
  const registered = await browser(person.address).go(
    '/api/auth/register',
    json({ email: person.email, password: PASSWORD, firstName: 'Soak', lastName: `Person ${i}` }),
  );
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}`);
  people.push({ ...person, cookie: await signIn(person) });
}

const KINDS = [
  ['search', 20, () => ({ path: searchPath({}) })],
  ['search keyword', 22, () => ({ path: searchPath({ keyword: pick(KEYWORDS) }) })],
  ['search category', 12, () => ({ path: searchPath({ category: pick(CATEGORIES) }) })],
  ['map search', 3, () => ({ path: searchPath({ pageSize: 1000 }) })],
  [
    'service page',
    12,
    () => {
      const id = encodeURIComponent(pick(SERVICE_IDS));
      return {
        path: pick([
          `/api/services/${id}`,
          `/api/services/${id}/reviews`,
          `/api/votes?serviceIds=${id}`,
        ]),
      };
    },
  ],
  ['static file', 16, () => ({ path: pick(input.staticPaths), headers: { accept: '*/*' } })],
  [
    'page load data',
    6,
    () => ({ path: pick(['/api/config', '/api/auth/config', '/api/site-views', '/api/stats']) }),
  ],
  ['site view', 1, () => ({ method: 'POST', path: '/api/site-views/increment' })],
  ['health', 2, () => ({ path: '/api/health' })],
  [
    'signed-in read',
    4,
    (person) => ({
      path: pick(['/api/auth/me', '/api/users/bookmarks', '/api/users/me/notes']),
      person,
    }),
  ],
  [
    'signed-in write',
    2,
    (person) => {
      const id = pick(SERVICE_IDS.slice(0, 40));
      return random() < 0.5
        ? {
            method: 'POST',
            path: '/api/bookmarks',
            body: JSON.stringify({ serviceId: id }),
            person,
          }
        : { method: 'DELETE', path: `/api/bookmarks/${encodeURIComponent(id)}`, person };
    },
  ],
];
const totalWeight = KINDS.reduce((sum, [, weight]) => sum + weight, 0);

function nextRequest() {
  let roll = random() * totalWeight;
  const [kind, , build] = KINDS.find(([, weight]) => (roll -= weight) < 0) ?? KINDS[0];
  const request = build(pick(people));
  const headers = {
    ...FETCH,
    ...(request.body ? { 'content-type': 'application/json' } : {}),
    ...request.headers,
    'x-forwarded-for': request.person ? request.person.address : nextAddress(),
    ...(request.person ? { cookie: request.person.cookie } : {}),
  };
  return { kind, method: request.method ?? 'GET', path: request.path, headers, body: request.body };
}

/** One minute's figures: latencies (ms), non-2xx by kind and status, sign-ins. */
function newMinute() {
  return { latencies: [], non2xx: 0, errors: 0, failures: {}, signIns: 0, signInFailures: [] };
}
const percentile = (sorted, p) =>
  sorted.length === 0
    ? 0
    : sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
const byKind = Object.fromEntries(KINDS.map(([kind]) => [kind, { requests: 0, non2xx: 0 }]));

const startedAt = Date.now();
let minute = newMinute();
let minuteNumber = 1;
function report() {
  const sorted = Float64Array.from(minute.latencies).sort();
  process.stdout.write(
    `${JSON.stringify({
      minute: minuteNumber,
      requests: sorted.length,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      non2xx: minute.non2xx,
      errors: minute.errors,
      failures: minute.failures,
      signIns: minute.signIns,
      signInFailures: minute.signInFailures,
    })}\n`,
  );
  minute = newMinute();
  minuteNumber += 1;
}
const reporter = setInterval(() => {
  if (minuteNumber <= input.minutes) report();
}, MINUTE_MS);

// Session churn: people sign in again from time to time; the older session is signed out.
let churned = 0;
const churn = setInterval(() => {
  const person = people[churned % people.length];
  churned += 1;
  const current = minute;
  signIn(person).then(
    (cookie) => {
      const old = person.cookie;
      person.cookie = cookie;
      current.signIns += 1;
      return signOut(person, old);
    },
    (error) => current.signInFailures.push(String(error.message ?? error)),
  );
}, SIGN_IN_EVERY_MS);

const instance = autocannon({
  url: input.url,
  connections: input.connections,
  ...(input.rate > 0 ? { overallRate: input.rate } : {}),
  duration: input.minutes * 60,
  requests: [
    {
      setupRequest: (request, context) => {
        const next = nextRequest();
        context.kind = next.kind;
        return {
          ...request,
          method: next.method,
          path: next.path,
          headers: next.headers,
          body: next.body,
        };
      },
    },
  ],
});
instance.on('response', (client, statusCode, _bytes, responseTime) => {
  if (Date.now() - startedAt >= input.minutes * MINUTE_MS) return;
  const kind = client.requestIterator.context.kind;
  minute.latencies.push(responseTime);
  byKind[kind].requests += 1;
  if (statusCode >= 200 && statusCode < 300) return;
  minute.non2xx += 1;
  byKind[kind].non2xx += 1;
  const key = `${kind} ${statusCode}`;
  minute.failures[key] = (minute.failures[key] ?? 0) + 1;
});
// Timeouts and refused connections: no status, so counted apart from non-2xx.
instance.on('reqError', () => {
  if (Date.now() - startedAt < input.minutes * MINUTE_MS) minute.errors += 1;
});
await instance;
clearInterval(churn);
clearInterval(reporter);
if (minuteNumber <= input.minutes) report();
process.stdout.write(`${JSON.stringify({ summary: { byKind, services: SERVICE_IDS.length } })}\n`);
