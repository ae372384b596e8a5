import type { Note } from '@locals/contracts/notes';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/providers';
import { callsTo, jsonResponse, stubApi } from '@/testing/fetch-mock';
import type { RecordedRequest } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';
import { NotesDialog } from './notes-dialog';

const SERVICE_ID = 'demo:food-bs1-1';
const NOTES_PATH = '/api/users/me/notes';

function buildNote(overrides: Partial<Note> = {}): Note {
  return {
    id: '6f1c1f0e-4a8e-4d8b-9d55-0a1b2c3d4e01',
    serviceId: SERVICE_ID,
    noteText: 'Ask for Sam at the front desk.',
    createdAt: '2026-11-22T12:05:00.000Z',
    updatedAt: '2026-11-22T12:05:00.000Z',
    ...overrides,
  };
}

const OLDER = buildNote({
  id: '6f1c1f0e-4a8e-4d8b-9d55-0a1b2c3d4e02',
  noteText: 'Closed on bank holidays.',
  createdAt: '2026-10-03T11:30:00.000Z',
  updatedAt: '2026-10-03T11:30:00.000Z',
});
const NEWER = buildNote();

/** A tiny notes API over an array, so saving, editing and deleting show in the next GET. */
function notesApi(initial: Note[] = [NEWER, OLDER]) {
  let notes = [...initial];
  const byId = (request: RecordedRequest) => decodeURIComponent(request.path.split('/').at(-1)!);
  return stubApi({
    [`GET ${NOTES_PATH}`]: () => jsonResponse({ notes }),
    'POST /api/notes': (request) => {
      const { noteText } = request.body as { noteText: string };
      const note = buildNote({
        id: '6f1c1f0e-4a8e-4d8b-9d55-0a1b2c3d4e99',
        noteText,
        createdAt: '2026-12-01T12:00:00.000Z',
        updatedAt: '2026-12-01T12:00:00.000Z',
      });
      notes = [note, ...notes];
      return jsonResponse({ success: true, note }, 201);
    },
    [`PATCH /api/notes/${NEWER.id}`]: (request) => {
      const { noteText } = request.body as { noteText: string };
      notes = notes.map((note) =>
        note.id === byId(request)
          ? { ...note, noteText, updatedAt: '2026-12-02T12:00:00.000Z' }
          : note,
      );
      return jsonResponse({ success: true, note: notes.find((n) => n.id === byId(request)) });
    },
    [`DELETE /api/notes/${OLDER.id}`]: (request) => {
      notes = notes.filter((note) => note.id !== byId(request));
      return jsonResponse({ success: true });
    },
  });
}

function renderDialog() {
  const onOpenChange = vi.fn();
  renderWithProviders(
    <NotesDialog
      serviceId={SERVICE_ID}
      serviceName="Harbourside Food Bank"
      open
      onOpenChange={onOpenChange}
    />,
  );
  const dialog = screen.getByRole('dialog', { name: 'Notes on Harbourside Food Bank' });
  return { dialog, onOpenChange, user: userEvent.setup() };
}

/** The dialog as a card uses it: closed with Escape or Close, opened again with a button. */
function NotesOpener() {
  const [isOpen, setIsOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setIsOpen(true)}>
        Open notes
      </button>
      <NotesDialog
        serviceId={SERVICE_ID}
        serviceName="Harbourside Food Bank"
        open={isOpen}
        onOpenChange={setIsOpen}
      />
    </>
  );
}

const keyOf = (request: RecordedRequest | undefined) => request?.headers.get('Idempotency-Key');

function previousNotes(dialog: HTMLElement) {
  return within(within(dialog).getByRole('region', { name: 'Previous notes' }));
}

describe('NotesDialog', () => {
  it('names the service, says notes are private and lists previous notes newest first', async () => {
    const { requests } = notesApi([OLDER, NEWER]);
    const { dialog } = renderDialog();

    expect(dialog).toHaveAccessibleDescription('Only you can see your notes.');
    const items = await previousNotes(dialog).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^22 Nov 2026, \d\d:05Ask for Sam at the front desk\./),
      expect.stringMatching(/^3 Oct 2026, \d\d:30Closed on bank holidays\./),
    ]);
    expect(callsTo(requests, 'GET', NOTES_PATH)[0]?.query.get('serviceId')).toBe(SERVICE_ID);
  });

  it('keeps Save disabled until there is text other than spaces, and counts what is left', async () => {
    notesApi();
    const { dialog, user } = renderDialog();
    const editor = within(dialog).getByLabelText('Your note');
    const save = within(dialog).getByRole('button', { name: 'Save note' });

    expect(save).toBeDisabled();
    expect(editor).toHaveAccessibleDescription('You have 5,000 characters remaining');
    await user.type(editor, '   ');
    expect(save).toBeDisabled();
    await user.type(editor, 'Hi');
    expect(save).toBeEnabled();
    expect(editor).toHaveAccessibleDescription('You have 4,998 characters remaining');
  });

  it('refuses a note over 5,000 characters without cutting it short', async () => {
    notesApi();
    const { dialog, user } = renderDialog();
    const editor = within(dialog).getByLabelText('Your note');

    await user.click(editor);
    await user.paste('a'.repeat(5003));

    expect(editor).toHaveValue('a'.repeat(5003));
    expect(editor).toHaveAccessibleDescription(
      'You have 3 characters too many Error: Note must be 5,000 characters or fewer',
    );
    expect(within(dialog).getByRole('button', { name: 'Save note' })).toBeDisabled();
  });

  it('saves the trimmed note, says so, clears the editor and shows it in the list', async () => {
    const { requests } = notesApi();
    const { dialog, user } = renderDialog();
    await previousNotes(dialog).findAllByRole('listitem');

    await user.type(within(dialog).getByLabelText('Your note'), '  Bring photo ID.  ');
    await user.click(within(dialog).getByRole('button', { name: 'Save note' }));

    expect(await screen.findByText('Note Saved')).toBeInTheDocument();
    expect(screen.getByText('Your note has been saved.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Your note')).toHaveValue('');
    expect(callsTo(requests, 'POST', '/api/notes')[0]?.body).toEqual({
      serviceId: SERVICE_ID,
      noteText: 'Bring photo ID.',
    });
    const items = previousNotes(dialog).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Bring photo ID.');
  });

  it('says "Saving..." and disables Save while the note is being sent', async () => {
    let answer: (response: Response) => void = () => {};
    stubApi({
      [`GET ${NOTES_PATH}`]: () => jsonResponse({ notes: [] }),
      'POST /api/notes': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const { dialog, user } = renderDialog();

    await user.type(within(dialog).getByLabelText('Your note'), 'Parking round the back');
    await user.click(within(dialog).getByRole('button', { name: 'Save note' }));

    expect(await within(dialog).findByRole('button', { name: 'Saving...' })).toBeDisabled();
    answer(jsonResponse({ success: true, note: buildNote() }, 201));
    expect(await screen.findByText('Note Saved')).toBeInTheDocument();
  });

  it('keeps what was typed when saving fails', async () => {
    stubApi({
      [`GET ${NOTES_PATH}`]: () => jsonResponse({ notes: [] }),
      'POST /api/notes': () =>
        jsonResponse({ code: 'internal', message: 'Something went wrong' }, 500),
    });
    const { dialog, user } = renderDialog();

    await user.type(within(dialog).getByLabelText('Your note'), 'Parking round the back');
    await user.click(within(dialog).getByRole('button', { name: 'Save note' }));

    expect(await screen.findByText('Failed to save note.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Your note')).toHaveValue('Parking round the back');
    expect(within(dialog).getByRole('button', { name: 'Save note' })).toBeEnabled();
  });

  // TanStack Query drops mutate()'s callbacks once the form unmounts, as closing the dialog does.
  it('closed mid-save: still says Note Saved, and reopens empty so nothing is sent twice', async () => {
    let answer: (response: Response) => void = () => {};
    const { requests } = stubApi({
      [`GET ${NOTES_PATH}`]: () => jsonResponse({ notes: [] }),
      'POST /api/notes': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderWithProviders(<NotesOpener />);
    const user = userEvent.setup();

    await user.type(screen.getByLabelText('Your note'), 'Parking round the back');
    await user.click(screen.getByRole('button', { name: 'Save note' }));
    await screen.findByRole('button', { name: 'Saving...' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => answer(jsonResponse({ success: true, note: buildNote() }, 201)));

    expect(await screen.findByText('Note Saved')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open notes' }));
    expect(screen.getByLabelText('Your note')).toHaveValue('');
    expect(callsTo(requests, 'POST', '/api/notes')).toHaveLength(1);
  });

  it('reopened mid-save: shows Saving... and cannot send the note a second time', async () => {
    let answer: (response: Response) => void = () => {};
    const { requests } = stubApi({
      [`GET ${NOTES_PATH}`]: () => jsonResponse({ notes: [] }),
      'POST /api/notes': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderWithProviders(<NotesOpener />);
    const user = userEvent.setup();

    await user.type(screen.getByLabelText('Your note'), 'Parking round the back');
    await user.click(screen.getByRole('button', { name: 'Save note' }));
    await user.click(await screen.findByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'Open notes' }));

    expect(screen.getByLabelText('Your note')).toHaveValue('Parking round the back');
    expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    act(() => answer(jsonResponse({ success: true, note: buildNote() }, 201)));
    expect(await screen.findByText('Note Saved')).toBeInTheDocument();
    expect(screen.getByLabelText('Your note')).toHaveValue('');
    expect(callsTo(requests, 'POST', '/api/notes')).toHaveLength(1);
  });

  it('sends one Idempotency-Key per note: the same on every retry, a new one for new text', async () => {
    const { requests } = stubApi({
      [`GET ${NOTES_PATH}`]: () => jsonResponse({ notes: [] }),
      'POST /api/notes': () =>
        jsonResponse({ code: 'internal', message: 'Something went wrong' }, 500),
    });
    const { dialog, user } = renderDialog();
    const editor = within(dialog).getByLabelText('Your note');
    const posts = () => callsTo(requests, 'POST', '/api/notes');

    await user.type(editor, 'Parking round the back');
    await user.click(within(dialog).getByRole('button', { name: 'Save note' }));
    await screen.findByText('Failed to save note.');
    // The client's own retries (a 5xx may hide a stored note), then Save pressed again.
    await waitFor(() => expect(posts()).toHaveLength(4));
    await user.click(within(dialog).getByRole('button', { name: 'Save note' }));
    await waitFor(() => expect(posts()).toHaveLength(8));
    await user.type(editor, '!');
    await user.click(within(dialog).getByRole('button', { name: 'Save note' }));
    await waitFor(() => expect(posts()).toHaveLength(12));

    const keys = posts().map(keyOf);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(keys.slice(0, 8))).toEqual(new Set([keys[0]]));
    expect(new Set(keys.slice(8))).toEqual(new Set([keys[8]]));
    expect(keys[8]).not.toBe(keys[0]);
  });

  it('opens with no previous notes and a short notice when they cannot be fetched', async () => {
    stubApi({
      [`GET ${NOTES_PATH}`]: () => jsonResponse({ code: 'internal', message: 'Down' }, 503),
    });
    const { dialog } = renderDialog();

    expect(
      await within(dialog).findByText(/Your previous notes could not be loaded just now/),
    ).toBeInTheDocument();
    expect(previousNotes(dialog).queryAllByRole('listitem')).toHaveLength(0);
    expect(within(dialog).getByLabelText('Your note')).toBeEnabled();
  });

  it('edits a previous note in place', async () => {
    const { requests } = notesApi();
    const { dialog, user } = renderDialog();
    const notes = previousNotes(dialog);

    await user.click(await notes.findByRole('button', { name: /^Edit note from 22 Nov 2026/ }));
    const editor = notes.getByLabelText(/^Edit note from 22 Nov 2026/);
    expect(editor).toHaveFocus();
    expect(editor).toHaveValue(NEWER.noteText);
    await user.clear(editor);
    await user.type(editor, ' Ask for Priya instead. ');
    await user.click(notes.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Note Saved')).toBeInTheDocument();
    expect(callsTo(requests, 'PATCH', `/api/notes/${NEWER.id}`)[0]?.body).toEqual({
      noteText: 'Ask for Priya instead.',
    });
    expect(await notes.findByText('Ask for Priya instead.')).toBeInTheDocument();
    expect(notes.getByText(/\(edited 2 Dec 2026, \d\d:00\)/)).toBeInTheDocument();
    expect(notes.getByRole('button', { name: /^Edit note from 22 Nov 2026/ })).toHaveFocus();
  });

  it('keeps an edit when saving it fails', async () => {
    stubApi({
      [`GET ${NOTES_PATH}`]: () => jsonResponse({ notes: [NEWER] }),
      [`PATCH /api/notes/${NEWER.id}`]: () =>
        jsonResponse({ code: 'internal', message: 'Something went wrong' }, 500),
    });
    const { dialog, user } = renderDialog();
    const notes = previousNotes(dialog);

    await user.click(await notes.findByRole('button', { name: /^Edit note/ }));
    await user.type(notes.getByLabelText(/^Edit note/), ' Also Tuesdays.');
    await user.click(notes.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Failed to save note.')).toBeInTheDocument();
    expect(notes.getByLabelText(/^Edit note/)).toHaveValue(`${NEWER.noteText} Also Tuesdays.`);
  });

  it('deletes a previous note only after a confirm step', async () => {
    const { requests } = notesApi();
    const { dialog, user } = renderDialog();
    const notes = previousNotes(dialog);
    const deleteOlder = await notes.findByRole('button', { name: /^Delete note from 3 Oct 2026/ });

    await user.click(deleteOlder);
    const question = notes.getByRole('group', { name: 'Delete this note? You cannot undo this.' });
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(notes.getByRole('button', { name: /^Delete note from 3 Oct 2026/ })).toHaveFocus();
    expect(callsTo(requests, 'DELETE', `/api/notes/${OLDER.id}`)).toHaveLength(0);

    await user.click(notes.getByRole('button', { name: /^Delete note from 3 Oct 2026/ }));
    await user.click(notes.getByRole('button', { name: 'Yes, delete note' }));

    expect(await screen.findByText('Note Deleted')).toBeInTheDocument();
    await waitFor(() => expect(notes.getAllByRole('listitem')).toHaveLength(1));
    expect(notes.queryByText(OLDER.noteText)).not.toBeInTheDocument();
    expect(notes.getByRole('heading', { name: 'Previous notes' })).toHaveFocus();
  });

  it('keeps an unsaved draft when closed and reopened, but not for another service', async () => {
    notesApi();
    const user = userEvent.setup();
    const props = { serviceName: 'Harbourside Food Bank', onOpenChange: vi.fn() };
    const { rerender } = render(
      <AppProvider>
        <NotesDialog serviceId={SERVICE_ID} open {...props} />
      </AppProvider>,
    );

    await user.type(screen.getByLabelText('Your note'), 'Half a thought');
    rerender(
      <AppProvider>
        <NotesDialog serviceId={SERVICE_ID} open={false} {...props} />
      </AppProvider>,
    );
    rerender(
      <AppProvider>
        <NotesDialog serviceId={SERVICE_ID} open {...props} />
      </AppProvider>,
    );
    expect(screen.getByLabelText('Your note')).toHaveValue('Half a thought');

    rerender(
      <AppProvider>
        <NotesDialog serviceId="demo:other" open {...props} />
      </AppProvider>,
    );
    expect(screen.getByLabelText('Your note')).toHaveValue('');
  });

  it('closes through onOpenChange', async () => {
    notesApi();
    const { dialog, user, onOpenChange } = renderDialog();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
