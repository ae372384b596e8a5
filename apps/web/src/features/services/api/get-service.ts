import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

// Checked in development and tests only; see SchemaSource in lib/api-client.ts.
const serviceDetailSchema = import.meta.env.PROD
  ? undefined
  : () =>
      import('@locals/contracts/search').then((contract) => contract.ServiceDetailResponseSchema);

export async function getService(serviceId: string, signal?: AbortSignal) {
  // Ids carry a colon and may carry slashes (ods:F82625, library:...), so encode them.
  const response = await apiClient.get(
    `/api/services/${encodeURIComponent(serviceId)}`,
    serviceDetailSchema,
    { signal },
  );
  return response.data;
}

export function serviceQueryOptions(serviceId: string) {
  return queryOptions({
    queryKey: ['services', 'detail', serviceId],
    queryFn: ({ signal }) => getService(serviceId, signal),
  });
}

export function useService(serviceId: string) {
  return useQuery(serviceQueryOptions(serviceId));
}
