import type { ProviderApplication } from '@locals/contracts/list-service';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client';

// Not in @locals/contracts yet: the spec 7 answer to POST /api/service-providers/apply.
export const ProviderApplicationResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  applicationId: z.union([z.string(), z.number()]),
});

type Submission = { application: ProviderApplication; idempotencyKey: string };

/** The key makes a retry safe: the server stores, and emails, one application. */
export function applyToListService({ application, idempotencyKey }: Submission) {
  return apiClient.post(
    '/api/service-providers/apply',
    application,
    ProviderApplicationResponseSchema,
    { idempotencyKey },
  );
}

export function useApplyToListService() {
  return useMutation({ mutationFn: applyToListService });
}
