/** Safe retries for creates (Idempotency-Key) and deletes (receipts), shared by the writes. */
export {
  IDEMPOTENCY_KEY_REUSED,
  markReplayed,
  replayOf,
  type IdempotentCreate,
} from './idempotent-create';
export { hasReceipt, writeReceipt } from './deletion-receipts';
export {
  forgetWrite,
  idempotentWrite,
  type IdempotentWrite,
  type WriteAnswer,
} from './idempotent-write';
