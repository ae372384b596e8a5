import type { AuthConfig, Role, User } from '@locals/contracts/auth';
import { onTestFinished, vi } from 'vitest';
import { jsonResponse } from '@/testing/fetch-mock';

export function buildUser(overrides: Partial<User> = {}): User {
  return {
    id: 'user-1',
    email: 'ada@example.org',
    firstName: 'Ada',
    lastName: 'Lovelace',
    createdAt: '2025-03-04T10:00:00.000Z',
    updatedAt: '2025-03-04T10:00:00.000Z',
    ...overrides,
  };
}

/** What GET /api/auth/me answers when no one is signed in. */
export const signedOut = () => jsonResponse({ user: null });

export const signedInAs =
  (user: User = buildUser(), roles: Role[] = []) =>
  () =>
    jsonResponse({ user: { ...user, roles } });

/** The header's 'Welcome, {name}' line, whose "Welcome," is in its own span (read out on phones). */
export const greeting = (text: string) => (_content: string, element: Element | null) =>
  element?.tagName === 'P' && element.textContent === text;

export const authConfig =
  (overrides: Partial<AuthConfig> = {}) =>
  () =>
    jsonResponse({ issuer: 'builtin', registerUrl: null, resetPasswordUrl: null, ...overrides });

/**
 * jsdom's location.assign cannot be spied on (its properties are unforgeable), so the test
 * replaces window.location with a copy whose assign is a mock; unstubAllGlobals restores it.
 */
export function mockLocationAssign() {
  const assign = vi.fn<(url: string | URL) => void>();
  vi.stubGlobal('location', { ...window.location, assign });
  return assign;
}

/** Form submissions (jsdom cannot navigate), each as the browser would send it. */
export function captureFormSubmissions() {
  const submitted: Array<{ method: string; action: string }> = [];
  const capture = (event: SubmitEvent) => {
    const form = event.target as HTMLFormElement;
    if (form.getAttribute('action') === null) return;
    event.preventDefault();
    submitted.push({ method: form.method, action: form.action });
  };
  document.addEventListener('submit', capture);
  onTestFinished(() => document.removeEventListener('submit', capture));
  return submitted;
}

/** Records every write to localStorage and sessionStorage. */
export function spyOnStorageWrites() {
  return vi.spyOn(Storage.prototype, 'setItem');
}
