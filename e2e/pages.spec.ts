import { expect, expectNoAxeViolations, signInAsNewResident, test } from './fixtures';

const staticPages = [
  { path: '/about', heading: /about/i },
  { path: '/support', heading: /support|help/i },
  { path: '/terms', heading: /terms/i },
  { path: '/privacy', heading: /privacy/i },
  { path: '/cookies', heading: /cookie/i },
  { path: '/list-services', heading: /list your service/i },
  { path: '/events', heading: 'Community Events & Support' },
];

for (const { path, heading } of staticPages) {
  test(`${path} reads well, passes axe and leads back home`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
}

test('the home page passes axe', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Loading views...')).toBeHidden();
  await expectNoAxeViolations(page);
});

// Each thing the site stores, and the words the notice must use for it (UK GDPR articles 13-14:
// what, why and for how long). The names are the real keys, cookies and tables' contents.
const storedItems: [string, RegExp][] = [
  ['the account', /Your account/],
  ['the password, only as a hash', /one-way hash \(argon2id\)/],
  ['the sign-in session cookie', /__Host-locals_session/],
  ["the built-in sign-in service's session cookie", /locals_issuer_session/],
  ["the built-in sign-in service's interaction cookie", /locals_issuer_interaction/],
  ["the built-in sign-in service's resume cookie", /locals_issuer_resume/],
  ["the browser's user agent kept with each session", /user agent/],
  ['how long a session lasts', /24 hours without use, and 30 days/],
  [
    'the IP address kept for sign-in throttling, hashed with a secret key',
    /of the IP address it came from[^.]*made with a secret key/,
  ],
  ['how long failed sign-ins are kept', /15 minutes/],
  ['password reset links and their lifetime', /Password reset links[\s\S]*30 minutes/],
  ['bookmarks and share links', /Bookmarks and share links/],
  ['private notes', /Private notes/],
  ['votes', /Votes/],
  ['reviews, with how the author is shown', /first name and the first letter of your last name/],
  ['suggestions, emailed to the provider', /email the suggestion to the contact address/],
  ['the newsletter address and unsubscribing', /Newsletter[\s\S]*unsubscribe/],
  ['service applications', /Service applications/],
  ['emails, and the outbox without an email provider', /saves each email as a file/],
  ['the location sent to find a postcode, not kept', /latitude and longitude to our server/],
  ['the cookie choice', /cookieConsent/],
  ['the date of the cookie choice', /cookieConsentDate/],
  ['the text size', /fontSize/],
  ['the visit-counted flag', /siteViewCounted/],
  ['the detected postcode', /detectedPostcode/],
  ['the scroll positions', /locals-scroll-positions/],
];

test('the privacy notice says truthfully what is stored, why and for how long', async ({
  page,
}) => {
  await page.goto('/privacy');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
  for (const [item, words] of storedItems) {
    await expect(main, `names ${item}`).toContainText(words);
  }
});

test.describe('with location shared', () => {
  test.use({
    geolocation: { latitude: 51.45339, longitude: -2.59364 },
    permissions: ['geolocation'],
  });

  test('the cookie policy names everything a signed-in visit leaves in the browser', async ({
    page,
    context,
  }) => {
    // Cookies that come and go during sign-in are seen only in the responses that set them.
    const reading: Promise<string[]>[] = [];
    page.on('response', (response) => {
      reading.push(
        response
          .headersArray()
          .then((headers) =>
            headers
              .filter((header) => header.name.toLowerCase() === 'set-cookie')
              .map((header) => header.value.split('=')[0]!.trim()),
          ),
      );
    });
    await signInAsNewResident(page, '/');
    await expect
      .poll(() => page.evaluate(() => sessionStorage.getItem('detectedPostcode')))
      .toMatch(/^BS1 /);
    // One text size control is shown: in the header on a wide screen, in the menu on a phone.
    await page.getByLabel('Text size').filter({ visible: true }).selectOption('large');
    await page
      .getByRole('region', { name: /cookie/i })
      .getByRole('button', { name: 'Accept All' })
      .click();
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    const cookieNames = [
      ...(await Promise.all(reading)).flat(),
      ...(await context.cookies()).map((cookie) => cookie.name),
    ];
    const storageKeys = await page.evaluate(() => [
      ...Object.keys(localStorage),
      ...Object.keys(sessionStorage),
    ]);
    const held = [...new Set([...cookieNames, ...storageKeys])];
    // The run must really have signed in, with the built-in issuer, and stored preferences.
    expect(held).toEqual(
      expect.arrayContaining([
        '__Host-locals_session',
        'locals_issuer_session',
        'locals_issuer_interaction',
        'locals_issuer_resume',
        'fontSize',
        'cookieConsent',
        'detectedPostcode',
      ]),
    );

    await page.goto('/cookies');
    const table = page.getByRole('table', { name: 'Items Locals stores, and why' });
    for (const name of held) {
      await expect(table.getByText(name, { exact: true }), `lists ${name}`).toBeVisible();
    }
  });
});

test('/about credits the open data it uses', async ({ page }) => {
  await page.goto('/about');
  const sources = page.getByRole('region', { name: 'Data sources' });
  await expect(sources).toContainText('Contains NHS England Organisation Data Service data');
  await expect(sources).toContainText('Contains OS data © Crown copyright');
  // The spec's invented figures never appear.
  await expect(page.getByRole('main')).not.toContainText('10,000+');
});

test('a charity opens the List Your Service form from both buttons and applies', async ({
  page,
}) => {
  await page.goto('/list-services');
  for (const name of ['Get Started Today', 'Apply to Join']) {
    await page.getByRole('button', { name }).click();
    const dialog = page.getByRole('dialog', { name: /list your service/i });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page, '[role="dialog"]');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name })).toBeFocused();
  }
});
