import type { BrowserContext, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, latestMailTo, test } from './fixtures';

type Resident = { firstName: string; lastName: string; email: string; password: string };

function newResident(): Resident {
  const unique = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: `ada-${unique}@example.org`,
    password: 'analytical engine 1843',
  };
}

/** Sets the account up through the API, for stories that are not about registering. */
async function registerThroughApi(page: Page, resident: Resident) {
  const response = await page.request.post('/api/auth/register', {
    headers: { 'X-Requested-With': 'locals' },
    data: resident,
  });
  expect(response.status()).toBe(201);
}

/**
 * Story 3, checked at every step: the browser never holds a token. Storage holds no token
 * and nothing about the user, and document.cookie cannot see any HttpOnly cookie.
 */
async function expectNoTokenReadableByScript(page: Page, context: BrowserContext, email: string) {
  const readable = await page.evaluate(() => {
    const storage: string[] = [];
    for (const store of [localStorage, sessionStorage]) {
      for (let index = 0; index < store.length; index += 1) {
        const key = store.key(index) ?? '';
        storage.push(key, store.getItem(key) ?? '');
      }
    }
    return { storage, cookie: document.cookie };
  });
  const everything = [...readable.storage, readable.cookie].join('\n');
  expect(everything).not.toMatch(/eyJ[\w-]+\.[\w-]+/); // a JWT (id, access or logout token)
  expect(everything).not.toMatch(/token|id_token|access_token|session/i);
  expect(everything.toLowerCase()).not.toContain(email.toLowerCase());
  for (const cookie of await context.cookies()) {
    if (!cookie.httpOnly) continue;
    expect(readable.cookie).not.toContain(cookie.name);
    expect(readable.cookie).not.toContain(cookie.value);
  }
}

async function openSignInDialog(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('dialog', { name: 'Welcome to Locals' })).toBeVisible();
  // Unnamed: the dialog's name follows its mode.
  return page.getByRole('dialog');
}

/** "Login or Register" goes to the issuer, which shows our own /signin/:uid page. */
async function signInThroughIssuer(page: Page, email: string, password: string) {
  await page.getByRole('dialog').getByRole('button', { name: 'Login or Register' }).click();
  await page.waitForURL(/\/signin\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Locals' })).toBeVisible();
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
}

function welcome(page: Page, resident: Resident) {
  return page.getByRole('banner').getByText(`Welcome, ${resident.firstName} ${resident.lastName}`);
}

test('signed out, a page knows nobody is signed in and the console stays free of errors', async ({
  page,
}) => {
  // The shared fixture forgives "Failed to load resource"; being signed out must not even be that.
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });

  await page.goto('/about');

  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign In' })).toBeVisible();
  // The server asked on the page's behalf (issue 13); asked from the browser it is no error either.
  const answer = await page.request.get('/api/auth/me');
  expect(answer.status()).toBe(200);
  expect(await answer.json()).toEqual({ user: null });
  expect(errors).toEqual([]);
});

test.describe('signing in (the browser never holds a token)', () => {
  test('a new resident registers, signs in through the issuer, stays signed in after a reload and signs out', async ({
    page,
    context,
  }) => {
    const resident = newResident();
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoTokenReadableByScript(page, context, resident.email);

    const dialog = await openSignInDialog(page);
    await expect(dialog).toContainText('Access your bookmarks, notes, and more');
    await expectNoAxeViolations(page, '[role="dialog"]');

    await dialog.getByRole('button', { name: 'Create an account' }).click();
    await expect(page.getByRole('dialog', { name: 'Create Account' })).toBeVisible();
    await expectNoAxeViolations(page, '[role="dialog"]');
    await dialog.getByLabel('First name').fill(resident.firstName);
    await dialog.getByLabel('Last name').fill(resident.lastName);
    await dialog.getByLabel('Email address').fill(resident.email);
    await dialog.getByLabel('Password', { exact: true }).fill(resident.password);
    await dialog.getByLabel('Confirm password').fill(resident.password);
    await dialog.getByRole('button', { name: 'Create account' }).click();

    await expect(page.getByText('Account Created!', { exact: true })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Welcome to Locals' })).toBeVisible();
    await expectNoTokenReadableByScript(page, context, resident.email);

    await signInThroughIssuer(page, resident.email, resident.password);
    await page.waitForURL(/\/about$/);
    await expect(welcome(page, resident)).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Bookmarks' }),
    ).toBeVisible();
    await expectNoTokenReadableByScript(page, context, resident.email);

    await page.reload();
    await expect(welcome(page, resident)).toBeVisible();
    await expectNoTokenReadableByScript(page, context, resident.email);

    // Logout is a navigation: the server answers 303 to the issuer, so no token reaches the page.
    const logoutResponse = page.waitForResponse((response) =>
      response.url().includes('/api/auth/logout'),
    );
    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
    const logout = await logoutResponse;
    expect(logout.status()).toBe(303);
    expect(logout.request().resourceType()).toBe('document');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign In' })).toBeVisible({
      timeout: 15_000,
    });
    expect(new URL(page.url()).search).not.toContain('id_token_hint');
    await expect(welcome(page, resident)).toBeHidden();
    expect(await (await page.request.get('/api/auth/me')).json()).toEqual({ user: null });
    await expectNoTokenReadableByScript(page, context, resident.email);
  });

  test('a resident resets a forgotten password from the email and signs in with the new one', async ({
    page,
    context,
  }) => {
    const resident = newResident();
    await registerThroughApi(page, resident);
    await page.goto('/');

    const dialog = await openSignInDialog(page);
    await dialog.getByRole('button', { name: 'Forgot your password?' }).click();
    await expect(page.getByRole('dialog', { name: 'Reset Password' })).toBeVisible();
    await expectNoAxeViolations(page, '[role="dialog"]');
    await dialog.getByLabel('Email address').fill(resident.email);
    await dialog.getByRole('button', { name: 'Send reset email' }).click();
    await expect(dialog.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await expect(dialog).toContainText(
      `We've sent password reset instructions to ${resident.email}`,
    );
    await expectNoAxeViolations(page, '[role="dialog"]');

    const mail = await latestMailTo(resident.email);
    const resetLink = /https?:\/\/\S+\/reset-password\?token=\S+/.exec(mail.text)?.[0];
    expect(resetLink, 'a reset link in the email').toBeTruthy();
    await page.goto(resetLink!);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Choose a new password' }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await expectNoTokenReadableByScript(page, context, resident.email);

    const newPassword = 'difference engine 1822';
    await page.getByLabel('New password').fill(newPassword);
    await page.getByLabel('Confirm password').fill(newPassword);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Your password has been changed' }),
    ).toBeVisible();

    // The old password no longer works; the new one does.
    await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/signin\/[^/]+$/);
    await expectNoAxeViolations(page);
    await page.getByLabel('Email address').fill(resident.email);
    await page.getByLabel('Password', { exact: true }).fill(resident.password);
    await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toContainText('Email or password is incorrect');
    await expectNoAxeViolations(page);
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect(welcome(page, resident)).toBeVisible();
    await expectNoTokenReadableByScript(page, context, resident.email);

    // The link works once, and says so before any form (issue 26).
    await page.goto(resetLink!);
    await expect(
      page.getByRole('heading', { level: 1, name: 'This link has been used or has expired' }),
    ).toBeVisible();
    await expect(page.getByLabel('New password')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Ask for a new reset link' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('the session lives in an HttpOnly cookie that page JavaScript cannot read', async ({
    page,
    context,
  }) => {
    const resident = newResident();
    await registerThroughApi(page, resident);
    await page.goto('/');
    await openSignInDialog(page);
    await signInThroughIssuer(page, resident.email, resident.password);
    await expect(welcome(page, resident)).toBeVisible();

    const sessionCookies = (await context.cookies()).filter((cookie) =>
      /locals_session/.test(cookie.name),
    );
    expect(sessionCookies).toHaveLength(1);
    expect(sessionCookies[0]).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    await expectNoTokenReadableByScript(page, context, resident.email);

    // What the page can ask for about the session holds the user, never a token.
    const me = await page.evaluate(async () => (await fetch('/api/auth/me')).text());
    expect(me).toContain(resident.email);
    expect(me).not.toMatch(/token|eyJ/i);
  });

  test('a sign-in page whose interaction has gone says so and offers a fresh start', async ({
    page,
  }) => {
    await page.goto('/signin/no-such-interaction');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Your sign-in took too long' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Start again' })).toHaveAttribute(
      'href',
      /^\/api\/auth\/signin\?returnTo=%2F$/,
    );
    await expectNoAxeViolations(page);
  });
});
