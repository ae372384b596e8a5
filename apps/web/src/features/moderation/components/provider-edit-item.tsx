import type { ProviderEdit } from '@locals/contracts/moderation';
import { useLayoutEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDelete } from '@/components/ui/confirm-delete';
import { longDate } from '@/lib/long-date';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { useRevertProviderEdit } from '../api/revert-provider-edit';
import { londonDateTime } from '../moderation-text';
import { FieldChanges } from './field-changes';

type Revert = ReturnType<typeof useRevertProviderEdit>;

function Reverted() {
  const ref = useRef<HTMLParagraphElement>(null);
  // The Revert buttons are gone: focus the outcome so it is heard.
  useLayoutEffect(() => ref.current?.focus(), []);
  return (
    <p ref={ref} tabIndex={-1} role="status" className="text-lg font-bold">
      Reverted. The fields this edit changed are back to what they were.
    </p>
  );
}

function RevertControl({ revert }: { revert: Revert }) {
  const [isConfirming, setIsConfirming] = useState(false);
  // Made once for this revert, and sent again if the moderator tries again after a failure.
  const key = useRef<string | null>(null);

  if (revert.isSuccess) {
    return (
      <p role="status" className="font-bold">
        Reverted. The listing is as it was before.
      </p>
    );
  }
  return (
    <>
      {revert.isError && (
        <p role="alert" className="mb-2 font-bold text-danger">
          {revert.error.message}
        </p>
      )}
      {isConfirming ? (
        <ConfirmDelete
          question="Revert this edit? The fields it changed go back to what they were before."
          confirmLabel="Yes, revert this edit"
          isDeleting={revert.isPending}
          onConfirm={() => {
            key.current ??= newIdempotencyKey();
            revert.mutate(key.current, { onSettled: () => setIsConfirming(false) });
          }}
          onCancel={() => setIsConfirming(false)}
        />
      ) : (
        <Button variant="secondary" onClick={() => setIsConfirming(true)}>
          Revert this edit
        </Button>
      )}
    </>
  );
}

export function ProviderEditItem({ edit }: { edit: ProviderEdit }) {
  const name = edit.serviceName ?? 'A listing since removed';
  const headingId = `provider-edit-${edit.id}`;
  const revert = useRevertProviderEdit(edit.id);
  return (
    <section aria-labelledby={headingId} className="mb-10 border-t-4 border-line pt-4">
      <h2 id={headingId} className="mb-2 text-2xl font-bold">
        {name}
      </h2>
      <p className="mb-4 text-lg">
        Edited by <span className="break-all">{edit.actor}</span> at{' '}
        <time dateTime={edit.at}>{londonDateTime(edit.at)}</time>
      </p>
      <FieldChanges edit={edit} caption={`What ${edit.actor} changed`} />
      {revert.isSuccess ? (
        <Reverted />
      ) : edit.revertedAt ? (
        <p className="text-lg font-bold">
          Reverted on <time dateTime={edit.revertedAt}>{longDate(edit.revertedAt)}</time>
        </p>
      ) : (
        <RevertControl revert={revert} />
      )}
    </section>
  );
}
