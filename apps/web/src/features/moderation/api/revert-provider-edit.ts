import { revertProviderEdit } from '@locals/contracts/routes/moderation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { providerEditsKey } from './list-provider-edits';

export function useRevertProviderEdit(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (idempotencyKey: string) =>
      api(revertProviderEdit, { params: { id } }, { idempotencyKey }),
    // The list shows when each edit was reverted.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: providerEditsKey }),
  });
}
