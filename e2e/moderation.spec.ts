import { randomUUID } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, latestMailTo, newResident, test } from './fixtures';
import type { Resident } from './fixtures';
import { runAdmin, startOwnServer, type OwnServer } from './own-server';

// Issue 15's stories need a moderator, and only `npm run admin` makes one: on the embedded
// database that means stopping the server, as an operator would. So they run on a server of
// their own, one story after another.
test.describe.configure({ mode: 'serial' });

const port = Number(process.env.E2E_PORT ?? 3100) + 1;
let server: OwnServer;
const moderator = newResident('Mo');

/** A real postcode in Easton, Bristol, in the embedded postcode table. */
const POSTCODE = 'BS5 0AA';

const organisation = {
  name: `Easton Pantry ${randomUUID().slice(0, 8)}`,
  contactName: 'Priya Shah',
  email: `pantry-${randomUUID().slice(0, 8)}@example.org`,
};

async function register(page: Page, person: Resident) {
  const response = await page.request.post(`${server.baseURL}/api/auth/register`, {
    headers: { 'X-Requested-With': 'locals' },
    data: person,
  });
  expect(response.status()).toBe(201);
}

/** Signs in the way a person does: the header button, then the issuer's page. */
async function signIn(page: Page, person: Resident, path: string) {
  await page.goto(`${server.baseURL}${path}`);
  // A page of a context of its own misses the fixture's wait for the app to take the page over
  // (fixtures.ts), and a tap on Sign In before then does nothing yet (issue 28).
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Login or Register' }).click();
  await page.waitForURL(/\/signin\/[^/]+$/);
  await page.getByLabel('Email address').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
  await expect(
    page.getByRole('banner').getByText(`Welcome, ${person.firstName} ${person.lastName}`),
  ).toBeVisible();
}

async function asModerator(browser: Browser, path: string) {
  const page = await (await browser.newContext({ baseURL: server.baseURL })).newPage();
  await signIn(page, moderator, path);
  return page;
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  server = await startOwnServer({ port, dataDir: '.tmp/e2e-moderation', fresh: true });
  const page = await browser.newPage();
  await register(page, moderator);
  await page.close();
  await server.stop();
  expect(runAdmin(server.dataDir, 'grant-moderator', moderator.email)).toContain(moderator.email);
  server = await startOwnServer({ port, dataDir: '.tmp/e2e-moderation' });
});

test.afterAll(async () => {
  await server.stop();
});

test('an organisation applies, a moderator approves it and a visitor finds it by postcode', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await page.goto(`${server.baseURL}/list-services`);
  await page.getByRole('button', { name: 'Apply to Join' }).click();
  const form = page.getByRole('dialog', { name: /list your service/i });
  await form.getByLabel('Organisation name').fill(organisation.name);
  await form.getByLabel('Contact name').fill(organisation.contactName);
  await form.getByLabel('Email address').fill(organisation.email);
  await form.getByLabel('Phone number').fill('0117 496 0123');
  await form.getByLabel('Address', { exact: true }).fill(`12 Stapleton Road, Bristol ${POSTCODE}`);
  await form.getByLabel('Services offered').fill('Food parcels and a weekly community meal');
  await form
    .getByLabel('Description', { exact: true })
    .fill('A pay-as-you-feel pantry run by neighbours.');
  await form.getByRole('button', { name: 'Submit application' }).click();
  await expect(page.getByText('Application Submitted!', { exact: true })).toBeVisible();

  const moderatorPage = await asModerator(browser, '/');
  await moderatorPage
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Moderation' })
    .click();
  await expect(moderatorPage.getByRole('heading', { level: 1, name: 'Moderation' })).toBeVisible();
  await expect(moderatorPage.getByText('1 application waiting')).toBeVisible();
  await expectNoAxeViolations(moderatorPage);

  await moderatorPage.getByRole('link', { name: organisation.name }).click();
  await expect(
    moderatorPage.getByRole('heading', { level: 1, name: organisation.name }),
  ).toBeVisible();
  await expect(moderatorPage.getByText(organisation.email).first()).toBeVisible();
  await expectNoAxeViolations(moderatorPage);

  const approve = moderatorPage.getByRole('region', { name: /approve/i });
  await approve.getByRole('checkbox', { name: 'Food' }).check();
  await expect(approve.getByLabel('Postcode')).toHaveValue(POSTCODE);
  await approve.getByRole('button', { name: 'Approve and publish listing' }).click();
  await expect(
    moderatorPage.getByText(`Approved. ${organisation.name} is now listed.`),
  ).toBeVisible();

  // The applicant is told, with a link to manage the listing.
  const approval = await latestMailTo(organisation.email, {
    serverDataDir: server.dataDir,
    subject: /approved/i,
  });
  expect(approval.text).toMatch(/\/my-listings\/claim\?token=/);

  // A visitor searching the postcode finds it at once, verified and checked today.
  await page.goto(`${server.baseURL}/results?postcode=${encodeURIComponent(POSTCODE)}&distance=1`);
  await expect(page.getByRole('heading', { name: organisation.name })).toBeVisible();
  await moderatorPage.context().close();
});

test('a rejected applicant is emailed the reason', async ({ page, browser }) => {
  const applicant = {
    name: `Not A Service ${randomUUID().slice(0, 8)}`,
    email: `no-${randomUUID().slice(0, 8)}@example.org`,
  };
  const applied = await page.request.post(`${server.baseURL}/api/service-providers/apply`, {
    headers: { 'X-Requested-With': 'locals', 'Idempotency-Key': randomUUID() },
    data: {
      organizationName: applicant.name,
      contactName: 'Sam Lee',
      email: applicant.email,
      phone: '0117 496 0999',
      website: '',
      address: `1 Somewhere Street, Bristol ${POSTCODE}`,
      services: 'Selling double glazing',
      description: 'A business, not a community service.',
    },
  });
  expect(applied.status()).toBe(201);

  const moderatorPage = await asModerator(browser, '/moderation');
  await moderatorPage.getByRole('link', { name: applicant.name }).click();
  const reject = moderatorPage.getByRole('region', { name: /reject/i });
  await reject.getByRole('button', { name: 'Reject application' }).click();
  // GOV.UK error summary first: a reason is required.
  await expect(moderatorPage.getByRole('alert').getByText('There is a problem')).toBeVisible();
  await reject
    .getByLabel('Reason for rejecting')
    .fill('Locals lists free community services, not businesses.');
  await reject.getByRole('button', { name: 'Reject application' }).click();
  await expect(
    moderatorPage.getByText(`Rejected. We have emailed ${applicant.email} the reason.`),
  ).toBeVisible();

  const rejection = await latestMailTo(applicant.email, {
    serverDataDir: server.dataDir,
    subject: /application/i,
  });
  expect(rejection.text).toContain('Locals lists free community services, not businesses.');
  await moderatorPage.context().close();
});

test('the provider signs in with the email they applied with, edits the opening hours, and a visitor sees them', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const approval = await latestMailTo(organisation.email, {
    serverDataDir: server.dataDir,
    subject: /approved/i,
  });
  const claimLink = /http\S+\/my-listings\/claim\?token=\S+/.exec(approval.text)![0];

  // Someone else who got hold of the link cannot take the listing.
  const stranger = newResident('Sid');
  const strangerPage = await (await browser.newContext({ baseURL: server.baseURL })).newPage();
  await register(strangerPage, stranger);
  await signIn(strangerPage, stranger, '/');
  await strangerPage.goto(claimLink);
  await strangerPage.getByRole('button', { name: 'Manage this listing' }).click();
  await expect(
    strangerPage.getByText(/Sign in with the email address this link was sent to/),
  ).toBeVisible();
  await strangerPage.context().close();

  const provider: Resident = { ...newResident('Priya'), email: organisation.email };
  const providerPage = await (await browser.newContext({ baseURL: server.baseURL })).newPage();
  await register(providerPage, provider);
  // Signed out, the link says what to do; it is not used by being opened.
  await providerPage.goto(claimLink);
  await expectNoAxeViolations(providerPage);
  await signIn(providerPage, provider, new URL(claimLink).pathname + new URL(claimLink).search);
  await expect(
    providerPage.getByRole('heading', { level: 1, name: 'Manage your listing' }),
  ).toBeVisible();
  await expectNoAxeViolations(providerPage);
  await providerPage.getByRole('button', { name: 'Manage this listing' }).click();

  await expect(providerPage.getByRole('heading', { level: 1, name: 'My listings' })).toBeVisible();
  await expect(providerPage.getByText(`You now manage ${organisation.name}`)).toBeVisible();
  await expect(
    providerPage
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'My listings' }),
  ).toBeVisible();
  await expectNoAxeViolations(providerPage);

  await providerPage.getByRole('link', { name: `Edit ${organisation.name}` }).click();
  await expect(
    providerPage.getByRole('heading', { level: 1, name: `Edit ${organisation.name}` }),
  ).toBeVisible();
  await expectNoAxeViolations(providerPage);
  // A mistake is caught with the GOV.UK error summary, and nothing typed is lost.
  await providerPage.getByLabel('Postcode').fill('BS5');
  await providerPage.getByLabel('Opening hours').fill('Mon 09:00-17:00; Sat 10:00-12:00');
  await providerPage.getByRole('button', { name: 'Save changes' }).click();
  const summary = providerPage.getByRole('alert').filter({ hasText: 'There is a problem' });
  await expect(summary).toBeFocused();
  await summary.getByRole('link', { name: 'Enter a full UK postcode, like BS1 4DJ' }).click();
  await expect(providerPage.getByLabel('Postcode')).toBeFocused();
  await expect(providerPage.getByLabel('Opening hours')).toHaveValue(
    'Mon 09:00-17:00; Sat 10:00-12:00',
  );
  await providerPage.getByLabel('Postcode').fill(POSTCODE);
  await providerPage.getByRole('button', { name: 'Save changes' }).click();
  await expect(providerPage.getByRole('heading', { name: 'Your changes are live' })).toBeVisible();

  // A visitor sees the new hours at once.
  await page.goto(`${server.baseURL}/results?postcode=${encodeURIComponent(POSTCODE)}&distance=1`);
  await page.getByRole('link', { name: `MORE INFO about ${organisation.name}` }).click();
  const detail = page.getByRole('dialog', { name: organisation.name });
  await expect(detail.getByText('Saturday: 10am to midday')).toBeVisible();
  const lastChecked = detail.locator('dt', { hasText: /^Last checked$/ });
  await expect(lastChecked.locator('xpath=following-sibling::dd[1]')).toHaveText(
    /^\d{1,2} \w+ \d{4}$/,
  );

  // Moderators see the provider's edit, and the audit log has it.
  const moderatorPage = await asModerator(browser, '/moderation/provider-edits');
  const edit = moderatorPage.getByRole('region', { name: organisation.name }).first();
  await expect(edit.getByText('Mon 09:00-17:00; Sat 10:00-12:00')).toBeVisible();
  await expectNoAxeViolations(moderatorPage);
  await moderatorPage.goto('/moderation/audit');
  await expect(moderatorPage.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  await expectNoAxeViolations(moderatorPage);
  await providerPage.context().close();
  await moderatorPage.context().close();
});

test('every other moderation page passes axe, and a resident sees none of them', async ({
  page,
  browser,
}) => {
  const moderatorPage = await asModerator(browser, '/moderation/suggestions');
  await expect(moderatorPage.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoAxeViolations(moderatorPage);
  await moderatorPage.goto('/moderation/stale');
  await expect(moderatorPage.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoAxeViolations(moderatorPage);
  await moderatorPage.context().close();

  // An emailed link that is not (or no longer) real says so.
  await page.goto(`${server.baseURL}/listing-check?token=${'x'.repeat(43)}`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'We could not find this link' }),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  const resident = newResident('Rae');
  await register(page, resident);
  await signIn(page, resident, '/moderation');
  await expect(
    page.getByRole('heading', { name: 'You need to be a moderator to see this page' }),
  ).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Moderation' }),
  ).toHaveCount(0);
  const answer = await page.request.get(`${server.baseURL}/api/moderation/applications`);
  expect(answer.status()).toBe(403);
});

/** The London day `days` from now, moved on to the next Tuesday: yyyy-MM-dd. */
function aTuesdayFromNow(days: number): string {
  const day = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  while (day.getUTCDay() !== 2) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

/** The feed's sessions of one event, soonest first: each VEVENT's start day and status. */
function feedSessions(calendar: string, title: string): { day: string; status: string }[] {
  return calendar
    .replace(/\r\n[ \t]/g, '')
    .split('BEGIN:VEVENT')
    .slice(1)
    .filter((vevent) => vevent.includes(`SUMMARY:${title}`))
    .map((vevent) => {
      const start = /DTSTART[^:]*:(\d{4})(\d{2})(\d{2})/.exec(vevent);
      return {
        day: start ? `${start[1]}-${start[2]}-${start[3]}` : '',
        status: /STATUS:(\w+)/.exec(vevent)?.[1] ?? '',
      };
    })
    .sort((a, b) => a.day.localeCompare(b.day));
}

test('an organiser adds a weekly event, a moderator publishes it, a resident finds it, and a cancelled date shows as cancelled', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const organiser = newResident('Olu');
  const title = `Easton Coffee Morning ${randomUUID().slice(0, 6)}`;
  const first = aTuesdayFromNow(3);
  const last = addDays(first, 21);

  // The organiser signs in, then sends the form with JavaScript off: it works as a plain form.
  const organiserPage = await (await browser.newContext({ baseURL: server.baseURL })).newPage();
  await register(organiserPage, organiser);
  await signIn(organiserPage, organiser, '/my-events');
  await expect(organiserPage.getByRole('heading', { level: 1, name: 'My events' })).toBeVisible();
  const plain = await browser.newContext({
    baseURL: server.baseURL,
    javaScriptEnabled: false,
    storageState: await organiserPage.context().storageState(),
  });
  const form = await plain.newPage();
  await form.goto('/my-events/new');
  await expect(form.getByRole('heading', { level: 1, name: 'Add an event' })).toBeVisible();
  await form.getByLabel('Event name').fill(title);
  await form.getByRole('button', { name: 'Send event' }).click();
  // What was typed comes back, with every problem listed at the top.
  await expect(form.getByRole('heading', { name: 'There is a problem' })).toBeVisible();
  await expect(form.getByLabel('Event name')).toHaveValue(title);
  // (axe needs JavaScript: the form's error states are checked by it in the web's own tests.)

  await form.getByLabel('Description').fill('Tea, coffee and a chat. Everyone welcome.');
  await form.getByLabel('Category').selectOption({ label: 'Wellbeing' });
  await form.getByLabel('Date', { exact: true }).fill(first);
  await form.getByLabel('Start time').fill('10:00');
  await form.getByLabel('End time (optional)').fill('12:00');
  await form.getByRole('radio', { name: 'Every week' }).check();
  await form.getByLabel('Repeat until (if it repeats)').fill(last);
  await form.getByLabel('Venue name').fill('Easton Community Centre');
  await form.getByLabel('Address', { exact: true }).fill('Kilburn Street, Bristol');
  await form.getByLabel('Postcode').fill(POSTCODE);
  await form.getByLabel('Organiser name').fill('Easton Friends');
  await form.getByLabel('Organiser email address').fill(organiser.email);
  await form.getByRole('button', { name: 'Send event' }).click();
  await expect(form).toHaveURL(/\/my-events(\?|$)/);
  await expect(
    form.getByRole('heading', { name: `${title} has been sent for review` }),
  ).toBeVisible();
  await expect(form.getByRole('heading', { name: title, exact: true })).toBeVisible();
  await expect(form.getByText('Waiting for review')).toBeVisible();
  await plain.close();

  // Not on /events while it waits.
  const waiting = await page.request.get(
    `${server.baseURL}/api/events/search?location=${encodeURIComponent(POSTCODE)}&maxDistance=1`,
  );
  expect(JSON.stringify(await waiting.json())).not.toContain(title);

  // A moderator publishes it from the queue.
  const moderatorPage = await asModerator(browser, '/moderation/events');
  await expect(
    moderatorPage.getByRole('heading', { level: 1, name: 'Events waiting' }),
  ).toBeVisible();
  const item = moderatorPage.getByRole('region', { name: title });
  await expect(item.getByText('Easton Community Centre')).toBeVisible();
  await expectNoAxeViolations(moderatorPage);
  await item.getByRole('button', { name: 'Publish event' }).click();
  await expect(
    moderatorPage.getByText(`Published. ${title} is now on the events page`),
  ).toBeVisible();
  await moderatorPage.context().close();
  await latestMailTo(organiser.email, {
    serverDataDir: server.dataDir,
    subject: /is now on Locals/,
  });

  // A resident near its postcode finds it, and its four dates are in the calendar feed.
  const near = `location=${encodeURIComponent(POSTCODE)}&maxDistance=1`;
  await page.goto(`${server.baseURL}/events?${near}`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  const feed = async () =>
    feedSessions(
      await (await page.request.get(`${server.baseURL}/api/events/calendar.ics?${near}`)).text(),
      title,
    );
  expect(await feed()).toEqual(
    [0, 7, 14, 21].map((days) => ({ day: addDays(first, days), status: 'CONFIRMED' })),
  );

  // The organiser cancels the first date.
  await organiserPage.goto('/my-events');
  await expect(organiserPage.getByText('Published', { exact: true })).toBeVisible();
  await organiserPage
    .getByRole('button', { name: /^Cancel this date on .*/ })
    .first()
    .click();
  await organiserPage
    .getByRole('dialog')
    .getByRole('button', { name: 'Yes, cancel this date' })
    .click();
  await expect(organiserPage.getByText('Cancelled', { exact: true }).first()).toBeVisible();
  await expectNoAxeViolations(organiserPage);
  await organiserPage.context().close();

  // The resident sees that date cancelled, on the page and in the feed; the rest go ahead.
  await page.goto(`${server.baseURL}/events?${near}`);
  const card = page.getByRole('article').filter({ hasText: title });
  await expect(card.getByText(/^Cancelled on /)).toBeVisible();
  expect(await feed()).toEqual([
    { day: first, status: 'CANCELLED' },
    ...[7, 14, 21].map((days) => ({ day: addDays(first, days), status: 'CONFIRMED' })),
  ]);
});
