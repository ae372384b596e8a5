import type { Database } from '@locals/db/client';
import { eventIdOf, upsertEvents, type NewEvent, type NewOccurrence } from '@locals/db/events';
import { POSTCODES } from './directory-fixtures';

/** A one-off drop-in Food event at BS1 4DJ; override what a test is about. */
export function anEvent(
  overrides: Partial<NewEvent> & { sourceUid: string; occurrences: NewOccurrence[] },
): NewEvent {
  return {
    source: 'test',
    licence: 'Test licence',
    title: `Event ${overrides.sourceUid}`,
    description: 'A test event in Bristol.',
    category: 'food',
    venue: 'Test Hall',
    address: '1 Test Street, Bristol',
    postcode: 'BS1 4DJ',
    latitude: POSTCODES['BS1 4DJ'].latitude,
    longitude: POSTCODES['BS1 4DJ'].longitude,
    organizerName: 'Test Organiser',
    ...overrides,
  };
}

/** A session of `hours` from an ISO instant. */
export function aSession(startsAt: string, hours = 2): NewOccurrence {
  const start = new Date(startsAt);
  return { startsAt: start, endsAt: new Date(start.getTime() + hours * 3_600_000), allDay: false };
}

/** Writes events as an import would (sessions from the start of time replaced). */
export async function insertEvents(database: Database, rows: NewEvent[]): Promise<string[]> {
  return upsertEvents(database.db, rows, { from: new Date(0) });
}

export const idOfTestEvent = (sourceUid: string) => eventIdOf('test', sourceUid);
