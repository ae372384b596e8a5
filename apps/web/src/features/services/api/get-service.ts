import * as services from '@locals/contracts/routes/services';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { serviceDetailQueryKey } from '@/lib/query-keys';

export async function getService(serviceId: string, signal?: AbortSignal) {
  const response = await api(services.getService, { params: { id: serviceId } }, { signal });
  return response.data;
}

export function serviceQueryOptions(serviceId: string) {
  return queryOptions({
    queryKey: serviceDetailQueryKey(serviceId),
    queryFn: ({ signal }) => getService(serviceId, signal),
  });
}

export function useService(serviceId: string) {
  return useQuery(serviceQueryOptions(serviceId));
}
