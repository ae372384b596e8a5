import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import type * as ApiClientModule from '@/lib/api-client';
import { mswServer } from './msw-server';

// Keep the real retry rules but skip the 1-3 s waits, so failure paths test quickly.
vi.mock('@/lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof ApiClientModule>();
  const apiClient = actual.createApiClient({ wait: () => Promise.resolve() });
  return { ...actual, apiClient, api: apiClient.api };
});

// The first reply a test file checks loads its contract's schemas, which on a busy CI machine
// can outlast testing-library's default 1 s wait.
configure({ asyncUtilTimeout: 3000 });

/** False in the few files that run in Node, as the server does (entry-server.test.tsx). */
const hasDom = typeof window !== 'undefined';

// jsdom does not implement scrolling; React Router and the error summary call these.
if (hasDom) {
  window.scrollTo = () => {};
  Element.prototype.scrollIntoView = () => {};
}

beforeAll(() => mswServer.listen());
afterEach(() => mswServer.resetHandlers());
afterAll(() => mswServer.close());

let consoleErrors: unknown[][] = [];

beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});

afterEach(() => {
  if (hasDom) {
    cleanup();
    localStorage.clear();
    sessionStorage.clear();
    document.documentElement.className = '';
  }
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  const errors = consoleErrors;
  consoleErrors = [];
  // An unexpected console.error (a React warning, a failed prop type...) fails the test.
  if (errors.length > 0) {
    throw new Error(
      `Unexpected console.error:\n${errors.map((args) => args.map(String).join(' ')).join('\n')}`,
    );
  }
});
