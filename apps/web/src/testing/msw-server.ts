import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/**
 * The network of the web tests: a test's handlers (stubApi) answer its requests; anything else
 * meets a dropped connection, as on a device with no network, never a real server.
 */
export const mswServer = setupServer(http.all('*', () => HttpResponse.error()));
