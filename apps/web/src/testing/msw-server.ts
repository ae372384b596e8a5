import { setupServer } from 'msw/node';

/** The network of the web tests: every request is answered by a test's handlers (stubApi). */
export const mswServer = setupServer();
