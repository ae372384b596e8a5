import { randomUUID } from 'node:crypto';
import { SuccessResponseSchema } from '@locals/contracts/engagement-common';
import { ApiErrorSchema } from '@locals/contracts/errors';
import { NoteResponseSchema, type Note } from '@locals/contracts/notes';
import { notes } from '@locals/db/schema';
import { eq } from 'drizzle-orm';
import * as routes from '@locals/contracts/routes/notes';
import { beforeAll, describe, expect, it } from 'vitest';
import { CSRF_REFUSAL } from '../../plugins/csrf';
import { aService, insertServices } from '../../testing/directory-fixtures';
import {
  anAddress,
  signedInUser,
  signedOutClient,
  type SignedInUser,
} from '../../testing/signed-in';
import { checkReply } from '../../testing/contract-reply';
import { useTestApp } from '../../testing/test-app';

const NOTE_NOT_FOUND = 'We could not find that note. It may have been deleted.';
const SERVICE_NOT_FOUND = 'We could not find that service. It may have been removed.';

describe('private notes', () => {
  let now = new Date('2026-03-02T09:00:00.000Z');
  const aMinuteLater = () => {
    now = new Date(now.getTime() + 60_000);
    return now;
  };
  let sam: SignedInUser;
  let serviceId: string;
  const testApp = useTestApp({ now: () => now, sleep: async () => {} });
  beforeAll(async () => {
    sam = await signedInUser(testApp.app);
    serviceId = await aFreshService();
  });

  async function aFreshService() {
    const id = `ods:${randomUUID()}`;
    await insertServices(testApp.database, [aService({ id })]);
    return id;
  }
  const postNote = (person: SignedInUser, payload: object) =>
    person.send('POST', '/api/notes', payload);
  const aNote = async (person: SignedInUser, about: string, noteText: string): Promise<Note> => {
    const response = await person.call(routes.createNote, { body: { serviceId: about, noteText } });
    return (await checkReply(routes.createNote, response, 201)).note;
  };
  const notesOf = async (person: SignedInUser, about?: string) => {
    const response = await person.call(routes.listNotes, { query: { serviceId: about } });
    return (await checkReply(routes.listNotes, response, 200)).notes;
  };
  const noteRow = async (id: string) => {
    const [row] = await testApp.database.db.select().from(notes).where(eq(notes.id, id));
    return row;
  };
  const errorOf = (response: { json: () => unknown }) => ApiErrorSchema.parse(response.json());

  describe('POST /api/notes', () => {
    it('keeps a trimmed note for its author (201)', async () => {
      const at = aMinuteLater();

      const response = await postNote(sam, {
        serviceId,
        noteText: '  Ask about the Tuesday clinic.\n',
      });

      expect(response.statusCode).toBe(201);
      const { success, note } = NoteResponseSchema.parse(response.json());
      expect(success).toBe(true);
      expect(note).toEqual({
        id: note.id,
        serviceId,
        noteText: 'Ask about the Tuesday clinic.',
        createdAt: at.toISOString(),
        updatedAt: at.toISOString(),
      });
      expect(await noteRow(note.id)).toMatchObject({ userId: sam.id, serviceId });
    });

    it('answers 404 for a service that is not in the directory', async () => {
      const response = await postNote(sam, { serviceId: 'ods:no-such-service', noteText: 'Hi' });

      expect(response.statusCode).toBe(404);
      expect(errorOf(response)).toEqual({ code: 'not_found', message: SERVICE_NOT_FOUND });
    });

    it.each([
      ['missing', undefined, 'Note is required'],
      ['blank', ' \n\t ', 'Note is required'],
      ['not text', 42, 'Note must be text'],
      ['5,001 characters', 'n'.repeat(5001), 'Note must be 5,000 characters or fewer'],
    ])('answers 400 for a note that is %s', async (_case, noteText, message) => {
      const response = await postNote(sam, { serviceId, noteText });

      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toEqual({
        code: 'validation_error',
        message,
        fieldErrors: { noteText: [message] },
      });
    });

    it('accepts 5,000 characters, counted after trimming', async () => {
      const note = await aNote(sam, serviceId, `   ${'n'.repeat(5000)}   `);

      expect(note.noteText).toHaveLength(5000);
    });

    it('answers 400 without a serviceId', async () => {
      const response = await postNote(sam, { noteText: 'About nothing' });

      expect(response.statusCode).toBe(400);
      expect(errorOf(response).message).toBe('serviceId is required');
    });

    it('answers 401 when signed out', async () => {
      const response = await signedOutClient(testApp.app)('POST', '/api/notes', {
        serviceId,
        noteText: 'Hello',
      });

      expect(response.statusCode).toBe(401);
      expect(errorOf(response)).toEqual({ code: 'unauthenticated', message: 'Please sign in.' });
    });

    it('refuses (403) a request without the X-Requested-With header, storing nothing', async () => {
      const person = await signedInUser(testApp.app);

      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/notes',
        remoteAddress: person.remoteAddress,
        headers: { cookie: person.cookie },
        payload: { serviceId, noteText: 'Forged' },
      });

      expect(response.statusCode).toBe(403);
      expect(errorOf(response)).toEqual(CSRF_REFUSAL);
      expect(await notesOf(person)).toEqual([]);
    });
  });

  describe('POST /api/notes with an Idempotency-Key (a retried submission)', () => {
    const withKey = (person: SignedInUser, payload: object, key: string) =>
      person.send('POST', '/api/notes', payload, { 'idempotency-key': key });
    const rowsOf = (person: SignedInUser, about: string) =>
      testApp.database.db
        .select()
        .from(notes)
        .where(eq(notes.serviceId, about))
        .then((rows) => rows.filter((row) => row.userId === person.id));

    it('answers a repeat with the first note (201, same body) and stores one', async () => {
      const about = await aFreshService();
      const key = randomUUID();
      const payload = { serviceId: about, noteText: 'Bring the blue form.' };

      const first = await withKey(sam, payload, key);
      aMinuteLater();
      const repeat = await withKey(sam, payload, key);

      expect(first.statusCode).toBe(201);
      expect(repeat.statusCode).toBe(201);
      expect(repeat.json()).toEqual(first.json());
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      expect(repeat.headers['idempotent-replayed']).toBe('true');
      expect(await rowsOf(sam, about)).toHaveLength(1);
    });

    it('stores one note when the same request arrives several times at once', async () => {
      const about = await aFreshService();
      const key = randomUUID();

      const responses = await Promise.all(
        Array.from({ length: 5 }, () =>
          withKey(sam, { serviceId: about, noteText: 'Only once.' }, key),
        ),
      );

      expect(responses.map((response) => response.statusCode)).toEqual(Array(5).fill(201));
      const ids = responses.map((response) => NoteResponseSchema.parse(response.json()).note.id);
      expect(new Set(ids).size).toBe(1);
      expect(await rowsOf(sam, about)).toHaveLength(1);
    });

    it('keeps a new note for each new key, and each person’s keys apart', async () => {
      const about = await aFreshService();
      const other = await signedInUser(testApp.app);
      const key = randomUUID();
      const payload = { serviceId: about, noteText: 'Same words.' };

      await withKey(sam, payload, key);
      await withKey(sam, payload, randomUUID());
      const someoneElse = await withKey(other, payload, key);

      expect(someoneElse.statusCode).toBe(201);
      expect(someoneElse.headers['idempotent-replayed']).toBeUndefined();
      expect(await rowsOf(sam, about)).toHaveLength(2);
      expect(await rowsOf(other, about)).toHaveLength(1);
    });

    it('answers 422 when the key comes again with a different note, storing nothing', async () => {
      const about = await aFreshService();
      const key = randomUUID();
      await withKey(sam, { serviceId: about, noteText: 'First words.' }, key);

      const reused = await withKey(sam, { serviceId: about, noteText: 'Other words.' }, key);

      expect(reused.statusCode).toBe(422);
      expect(errorOf(reused)).toEqual({
        code: 'idempotency_key_reused',
        message:
          'This Idempotency-Key was already used for a different request. Make a new key for each new submission.',
      });
      expect((await rowsOf(sam, about)).map((row) => row.noteText)).toEqual(['First words.']);
    });

    it.each(['not-a-uuid', '', '12345', `${randomUUID()}, ${randomUUID()}`])(
      'answers 400 for the malformed key %j, storing nothing',
      async (key) => {
        const about = await aFreshService();

        const response = await withKey(sam, { serviceId: about, noteText: 'Hi' }, key);

        expect(response.statusCode).toBe(400);
        expect(errorOf(response)).toMatchObject({
          code: 'validation_error',
          message:
            'Idempotency-Key must be a UUID, made once for each submission and sent again on retries',
        });
        expect(await rowsOf(sam, about)).toHaveLength(0);
      },
    );
  });

  describe('GET /api/users/me/notes', () => {
    it("lists the person's notes newest first, about one service or all of them", async () => {
      const person = await signedInUser(testApp.app);
      const library = await aFreshService();
      aMinuteLater();
      const first = await aNote(person, serviceId, 'First');
      aMinuteLater();
      const aboutLibrary = await aNote(person, library, 'About the library');
      aMinuteLater();
      const third = await aNote(person, serviceId, 'Third');

      expect(await notesOf(person, serviceId)).toEqual([third, first]);
      expect(await notesOf(person, library)).toEqual([aboutLibrary]);
      expect(await notesOf(person)).toEqual([third, aboutLibrary, first]);
    });

    it('is empty for someone without notes', async () => {
      const person = await signedInUser(testApp.app);

      expect(await notesOf(person, serviceId)).toEqual([]);
    });

    it('answers 401 when signed out', async () => {
      const response = await signedOutClient(testApp.app)('GET', '/api/users/me/notes');

      expect(response.statusCode).toBe(401);
    });
  });

  describe('PATCH /api/notes/:id', () => {
    it('edits the text (trimmed) and updatedAt, keeping createdAt', async () => {
      const note = await aNote(sam, serviceId, 'Draft');
      const editedAt = aMinuteLater();

      const response = await sam.send('PATCH', `/api/notes/${note.id}`, { noteText: ' Final ' });

      expect(response.statusCode).toBe(200);
      expect(NoteResponseSchema.parse(response.json())).toEqual({
        success: true,
        note: { ...note, noteText: 'Final', updatedAt: editedAt.toISOString() },
      });
      expect(await noteRow(note.id)).toMatchObject({ noteText: 'Final', updatedAt: editedAt });
    });

    it.each([
      [' ', 'Note is required'],
      ['n'.repeat(5001), 'Note must be 5,000 characters or fewer'],
    ])('answers 400 for the text %j, leaving the note as it was', async (noteText, message) => {
      const note = await aNote(sam, serviceId, 'Unchanged');

      const response = await sam.send('PATCH', `/api/notes/${note.id}`, { noteText });

      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toMatchObject({ code: 'validation_error', message });
      expect(await noteRow(note.id)).toMatchObject({ noteText: 'Unchanged' });
    });

    it.each([[randomUUID()], ['not-a-uuid'], ['1'], ['%27%3B--']])(
      'answers 404 for the note id %j',
      async (id) => {
        const response = await sam.send('PATCH', `/api/notes/${id}`, { noteText: 'Hello' });

        expect(response.statusCode).toBe(404);
        expect(errorOf(response)).toEqual({ code: 'not_found', message: NOTE_NOT_FOUND });
      },
    );

    it('answers 401 when signed out', async () => {
      const note = await aNote(sam, serviceId, 'Mine');

      const response = await signedOutClient(testApp.app)('PATCH', `/api/notes/${note.id}`, {
        noteText: 'Changed',
      });

      expect(response.statusCode).toBe(401);
      expect(await noteRow(note.id)).toMatchObject({ noteText: 'Mine' });
    });
  });

  describe('DELETE /api/notes/:id', () => {
    // A retried DELETE whose first answer was lost must not show a failure for a done deletion.
    it('deletes the note; deleting it again (a retry) also answers 200', async () => {
      const note = await aNote(sam, serviceId, 'Short-lived');

      const deleted = await sam.send('DELETE', `/api/notes/${note.id}`);
      const again = await sam.send('DELETE', `/api/notes/${note.id}`);

      expect(deleted.statusCode).toBe(200);
      expect(SuccessResponseSchema.parse(deleted.json())).toEqual({ success: true });
      expect(await noteRow(note.id)).toBeUndefined();
      expect(again.statusCode).toBe(200);
      expect(SuccessResponseSchema.parse(again.json())).toEqual({ success: true });
    });

    it('answers 404 for a note id that never existed', async () => {
      const response = await sam.send('DELETE', `/api/notes/${randomUUID()}`);

      expect(response.statusCode).toBe(404);
      expect(errorOf(response)).toEqual({ code: 'not_found', message: NOTE_NOT_FOUND });
    });

    it('forgets a deletion after a day: deleting again then answers 404', async () => {
      const note = await aNote(sam, serviceId, 'Long gone');
      await sam.send('DELETE', `/api/notes/${note.id}`);
      const hours = (count: number) => count * 60 * 60 * 1000;
      const deletedAt = now;
      // Half way, Sam is active, so the session (24 hours idle at most) lasts past the day.
      now = new Date(deletedAt.getTime() + hours(12));
      await notesOf(sam);
      now = new Date(deletedAt.getTime() + hours(24) + 60_000);
      // Any later deletion clears receipts past their day.
      await sam.send('DELETE', `/api/notes/${(await aNote(sam, serviceId, 'Trigger')).id}`);

      const again = await sam.send('DELETE', `/api/notes/${note.id}`);

      expect(again.statusCode).toBe(404);
    });

    it('answers 404 for an id that is not a uuid', async () => {
      const response = await sam.send('DELETE', '/api/notes/not-a-uuid');

      expect(response.statusCode).toBe(404);
      expect(errorOf(response).message).toBe(NOTE_NOT_FOUND);
    });

    it('answers 401 when signed out, and 403 without the X-Requested-With header', async () => {
      const note = await aNote(sam, serviceId, 'Kept');

      const signedOut = await signedOutClient(testApp.app)('DELETE', `/api/notes/${note.id}`);
      const forged = await testApp.app.inject({
        method: 'DELETE',
        url: `/api/notes/${note.id}`,
        remoteAddress: sam.remoteAddress,
        headers: { cookie: sam.cookie },
      });

      expect(signedOut.statusCode).toBe(401);
      expect(forged.statusCode).toBe(403);
      expect(await noteRow(note.id)).toBeDefined();
    });
  });

  describe('another person', () => {
    it("gets 404 for someone else's note, exactly as for one that does not exist", async () => {
      const alice = await signedInUser(testApp.app);
      const bob = await signedInUser(testApp.app);
      const alicesNote = await aNote(alice, serviceId, 'Private to Alice');

      const edit = await bob.send('PATCH', `/api/notes/${alicesNote.id}`, { noteText: 'Bob' });
      const remove = await bob.send('DELETE', `/api/notes/${alicesNote.id}`);
      const missing = await bob.send('DELETE', `/api/notes/${randomUUID()}`);

      expect(edit.statusCode).toBe(404);
      expect(remove.statusCode).toBe(404);
      expect(errorOf(edit)).toEqual(errorOf(missing));
      expect(errorOf(remove)).toEqual(errorOf(missing));
      expect(await noteRow(alicesNote.id)).toMatchObject({ noteText: 'Private to Alice' });
      expect(await notesOf(alice)).toEqual([alicesNote]);
    });

    it("gets 404 for someone else's note after they deleted it: only the author's retry succeeds", async () => {
      const alice = await signedInUser(testApp.app);
      const bob = await signedInUser(testApp.app);
      const alicesNote = await aNote(alice, serviceId, 'Soon gone');
      expect((await alice.send('DELETE', `/api/notes/${alicesNote.id}`)).statusCode).toBe(200);

      const bobsTry = await bob.send('DELETE', `/api/notes/${alicesNote.id}`);
      const missing = await bob.send('DELETE', `/api/notes/${randomUUID()}`);
      const alicesRetry = await alice.send('DELETE', `/api/notes/${alicesNote.id}`);

      expect(bobsTry.statusCode).toBe(404);
      expect(errorOf(bobsTry)).toEqual(errorOf(missing));
      expect(alicesRetry.statusCode).toBe(200);
    });

    it("never lists someone else's notes", async () => {
      const alice = await signedInUser(testApp.app);
      const bob = await signedInUser(testApp.app);
      await aNote(alice, serviceId, 'Private to Alice');

      expect(await notesOf(bob, serviceId)).toEqual([]);
      expect(await notesOf(bob)).toEqual([]);
    });
  });

  describe('rate limit', () => {
    it('answers 429 after 30 notes a minute, without affecting someone on the same IP', async () => {
      const sharedAddress = anAddress();
      const alice = await signedInUser(testApp.app, { remoteAddress: sharedAddress });
      const bob = await signedInUser(testApp.app, { remoteAddress: sharedAddress });

      const statuses = new Set<number>();
      for (let write = 0; write < 30; write += 1) {
        statuses.add((await postNote(alice, { serviceId, noteText: `Note ${write}` })).statusCode);
      }
      const limited = await postNote(alice, { serviceId, noteText: 'One too many' });
      const bobsNote = await postNote(bob, { serviceId, noteText: 'Mine' });

      expect([...statuses]).toEqual([201]);
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['content-type']).toMatch(/^application\/json/);
      expect(errorOf(limited)).toEqual({
        code: 'rate_limited',
        message: 'Too many requests. Please wait a minute and try again.',
      });
      expect(bobsNote.statusCode).toBe(201);
      expect(await notesOf(alice)).toHaveLength(30);
    });
  });

  it('documents every notes route in the OpenAPI document', async () => {
    const response = await signedOutClient(testApp.app)('GET', '/api/docs/json');

    const { paths } = response.json<{
      paths: Record<string, Record<string, { tags?: string[]; summary?: string }>>;
    }>();
    const routes = [
      ['/api/users/me/notes', 'get'],
      ['/api/notes', 'post'],
      ['/api/notes/{id}', 'patch'],
      ['/api/notes/{id}', 'delete'],
    ] as const;
    for (const [path, method] of routes) {
      const operation = paths[path]?.[method];
      expect(operation?.tags, `${method} ${path}`).toEqual(['notes']);
      expect(operation?.summary, `${method} ${path}`).toBeTruthy();
    }
  });
});
