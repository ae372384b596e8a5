import {
  EventSubmissionSchema,
  type EventSubmission,
  type EventSubmissionInput,
  type SubmittedEventStatus,
} from '@locals/contracts/organiser-events';
import type { Database } from '@locals/db/client';
import { events } from '@locals/db/schema';
import { eq } from 'drizzle-orm';
import { createSubmittedEventsRepository } from '../modules/organiser-events/submitted-events.repository';
import { POSTCODES } from './directory-fixtures';

/** A weekly coffee morning at BS1 4DJ, as an organiser writes it; override what a test is about. */
export function aSubmission(overrides: Partial<EventSubmissionInput> = {}): EventSubmission {
  return EventSubmissionSchema.parse({
    title: 'Corn Street Coffee Morning',
    description: 'Tea, coffee and a chat, all welcome.',
    category: 'wellbeing',
    date: '2026-12-08',
    startTime: '10:00',
    endTime: '12:00',
    venue: 'Corn Street Hall',
    address: '1 Corn Street, Bristol',
    postcode: 'BS1 4DJ',
    organizerName: 'Priya Shah',
    organizerEmail: 'coffee@example.org',
    ...overrides,
  });
}

/**
 * Stores a submitted event as the organiser's submit would (waiting for a moderator unless
 * `status` says otherwise), placed at BS1 4DJ; a published one gets its sessions from `now` on.
 */
export async function insertSubmittedEvent(
  database: Database,
  {
    submittedBy,
    submission = aSubmission(),
    status = 'pending',
    now,
  }: {
    submittedBy: string;
    submission?: EventSubmission;
    status?: SubmittedEventStatus;
    now: Date;
  },
) {
  const repository = createSubmittedEventsRepository(database.db);
  const row = await repository.insert({
    submission,
    place: POSTCODES['BS1 4DJ'],
    submittedBy,
    status,
    serviceId: null,
    idempotencyKey: undefined,
    now,
  });
  if (!row) throw new Error('The submitted event was not stored');
  if (status === 'published') await repository.writeSessions(row, now);
  return row;
}

/** Sets an event's stored columns directly, as time passing or an organiser's edit would. */
export async function setSubmittedEvent(
  database: Database,
  id: string,
  set: Partial<typeof events.$inferInsert>,
): Promise<void> {
  await database.db.update(events).set(set).where(eq(events.id, id));
}
