import type { ServiceBookmark } from '@locals/contracts/bookmarks';
import { buildServiceDetail } from '@/testing/factories';
import { jsonResponse } from '@/testing/fetch-mock';
import type { RecordedRequest } from '@/testing/fetch-mock';

export const bookmarkPath = (serviceId: string) =>
  `/api/bookmarks/${encodeURIComponent(serviceId)}`;

function buildBookmark(serviceId: string, index: number): ServiceBookmark {
  return {
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    type: 'service',
    serviceId,
    createdAt: '2026-11-22T12:05:00.000Z',
    service: buildServiceDetail({ id: serviceId, distance: null }),
  };
}

/** Handlers for stubApi: the signed-in person's service bookmarks over a set. */
export function fakeBookmarksApi(serviceIds: string[], initial: string[] = []) {
  const bookmarked = new Set(initial);
  const handlers: Record<string, (request: RecordedRequest) => Response> = {
    'GET /api/users/bookmarks': () =>
      jsonResponse({ bookmarks: [...bookmarked].map((id, index) => buildBookmark(id, index)) }),
    'POST /api/bookmarks': (request) => {
      bookmarked.add((request.body as { serviceId: string }).serviceId);
      return jsonResponse({ success: true }, 201);
    },
  };
  for (const serviceId of serviceIds) {
    handlers[`DELETE ${bookmarkPath(serviceId)}`] = () => {
      bookmarked.delete(serviceId);
      return jsonResponse({ success: true });
    };
  }
  return handlers;
}
