import type { ProviderApplication } from '@locals/contracts/list-service';
import * as applications from '@locals/contracts/routes/applications';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

type Submission = { application: ProviderApplication; idempotencyKey: string };

/** The key makes a retry safe: the server stores, and emails, one application. */
export function applyToListService({ application, idempotencyKey }: Submission) {
  return api(applications.applyToListService, { body: application }, { idempotencyKey });
}

export function useApplyToListService() {
  return useMutation({ mutationFn: applyToListService });
}
