import type { Db } from '@locals/db/client';
import { deletionReceipts } from '@locals/db/schema';
import { and, eq, lt } from 'drizzle-orm';
import type { Transaction } from '../services';

type Writer = Db | Transaction;
export type ReceiptKind = 'note' | 'review';

/** Long enough for any retry or a second open tab; ids only, so little is kept for long. */
export const RECEIPT_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * Records that this person deleted their own note or review, in the deleting transaction, and
 * forgets receipts past their lifetime, so the table stays small.
 */
export async function writeReceipt(
  writer: Writer,
  receipt: { kind: ReceiptKind; objectId: string; userId: string; at: Date },
) {
  await writer
    .insert(deletionReceipts)
    .values({
      kind: receipt.kind,
      objectId: receipt.objectId,
      userId: receipt.userId,
      deletedAt: receipt.at,
    })
    .onConflictDoNothing();
  await writer
    .delete(deletionReceipts)
    .where(lt(deletionReceipts.deletedAt, new Date(receipt.at.getTime() - RECEIPT_LIFETIME_MS)));
}

/**
 * Whether this person deleted it: someone else's receipt does not count, so another person's
 * id answers 404 whether it exists, was deleted or never was.
 */
export async function hasReceipt(
  reader: Writer,
  receipt: { kind: ReceiptKind; objectId: string; userId: string },
): Promise<boolean> {
  const [row] = await reader
    .select({ objectId: deletionReceipts.objectId })
    .from(deletionReceipts)
    .where(
      and(
        eq(deletionReceipts.kind, receipt.kind),
        eq(deletionReceipts.objectId, receipt.objectId),
        eq(deletionReceipts.userId, receipt.userId),
      ),
    );
  return row !== undefined;
}
