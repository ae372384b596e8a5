import { useRef, useState } from 'react';
import { newIdempotencyKey } from './idempotency-key';

type Draft<T> = { scope: string; value: T };

/**
 * What a person is writing, held by a dialog that outlives its content (so the draft survives
 * closing and reopening it), with the Idempotency-Key of its submission. Sending the same draft
 * again (a retry, or Send pressed again after closing the dialog mid-send) repeats the key, so
 * the server stores it once; any change makes it a new submission. `scope` ties the draft to
 * one service, in case one dialog is reused for another.
 */
export function useSubmissionDraft<T>(empty: T, scope = '') {
  const [draft, setDraft] = useState<Draft<T>>({ scope, value: empty });
  // A ref, not state: it is read after an await, where state would be a stale render's.
  const submission = useRef<{ scope: string; key: string } | null>(null);
  const value = draft.scope === scope ? draft.value : empty;

  return {
    value,

    setValue(update: T | ((current: T) => T)) {
      submission.current = null;
      setDraft((previous) => {
        const current = previous.scope === scope ? previous.value : empty;
        const next = typeof update === 'function' ? (update as (current: T) => T)(current) : update;
        return { scope, value: next };
      });
    },

    /** The key for sending the draft as it is now: the same one until it changes. */
    submissionKey(): string {
      if (submission.current?.scope !== scope) {
        submission.current = { scope, key: newIdempotencyKey() };
      }
      return submission.current.key;
    },

    /**
     * After the server has stored a submission: empties the draft if it is still the one that
     * was sent, and says whether it was (if not, the person has started another meanwhile).
     */
    finish(key: string): boolean {
      if (submission.current?.key !== key) return false;
      submission.current = null;
      setDraft({ scope, value: empty });
      return true;
    },
  };
}

export type SubmissionDraft<T> = ReturnType<typeof useSubmissionDraft<T>>;
