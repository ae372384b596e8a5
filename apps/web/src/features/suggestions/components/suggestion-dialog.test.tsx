import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { callsTo, jsonResponse, networkError, stubApi } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';
import { SuggestionDialog } from './suggestion-dialog';

const SERVICE_ID = 'demo:food-bs1-1';

const SENT = {
  success: true,
  suggestion: {
    id: '3b0f2a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
    serviceId: SERVICE_ID,
    serviceName: 'Harbourside Food Bank',
    suggestionText: 'Open until 6pm on Fridays now.',
    status: 'new',
    readBy: 'provider',
    createdAt: '2026-11-22T12:05:00.000Z',
    updatedAt: '2026-11-22T12:05:00.000Z',
  },
};

/** The dialog as the service detail uses it: a button opens it, and it closes itself. */
function Harness() {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setIsOpen(true)}>
        Suggest an edit
      </button>
      <SuggestionDialog
        serviceId={SERVICE_ID}
        serviceName="Harbourside Food Bank"
        open={isOpen}
        onOpenChange={setIsOpen}
      />
    </>
  );
}

async function openDialog() {
  const user = userEvent.setup();
  renderWithProviders(<Harness />);
  await user.click(screen.getByRole('button', { name: 'Suggest an edit' }));
  const dialog = screen.getByRole('dialog', { name: 'Suggest an edit to Harbourside Food Bank' });
  return { user, dialog, field: within(dialog).getByLabelText('Your suggestion') };
}

describe('SuggestionDialog', () => {
  it('explains what to write and keeps Send disabled until there is text', async () => {
    const { user, dialog, field } = await openDialog();
    const send = within(dialog).getByRole('button', { name: 'Send suggestion' });

    expect(field).toHaveAccessibleDescription(
      /what is wrong or missing: opening times, phone number, address.*You have 2,000 characters remaining/,
    );
    expect(send).toBeDisabled();
    await user.type(field, '   ');
    expect(send).toBeDisabled();
    await user.type(field, 'Closed on Mondays');
    expect(send).toBeEnabled();
  });

  it('refuses more than 2,000 characters', async () => {
    const { user, dialog, field } = await openDialog();

    await user.click(field);
    await user.paste('b'.repeat(2001));

    expect(field).toHaveAccessibleDescription(/You have 1 character too many/);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByRole('button', { name: 'Send suggestion' })).toBeDisabled();
  });

  it('sends the trimmed text, confirms in a toast and closes', async () => {
    const { requests } = stubApi({
      'POST /api/suggestions': () => jsonResponse(SENT, 201),
    });
    const { user, dialog, field } = await openDialog();

    await user.type(field, '  Open until 6pm on Fridays now.  ');
    await user.click(within(dialog).getByRole('button', { name: 'Send suggestion' }));

    expect(await screen.findByText('Suggestion Submitted')).toBeInTheDocument();
    expect(
      screen.getByText('Your suggestion has been sent to the service provider, who will read it.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo(requests, 'POST', '/api/suggestions')[0]?.body).toEqual({
      serviceId: SERVICE_ID,
      suggestionText: 'Open until 6pm on Fridays now.',
    });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Suggest an edit' })).toHaveFocus(),
    );

    await user.click(screen.getByRole('button', { name: 'Suggest an edit' }));
    expect(screen.getByLabelText('Your suggestion')).toHaveValue('');
  });

  it('tells the sender a Locals moderator will read a suggestion about an unclaimed listing', async () => {
    stubApi({
      'POST /api/suggestions': () =>
        jsonResponse({ ...SENT, suggestion: { ...SENT.suggestion, readBy: 'moderators' } }, 201),
    });
    const { user, dialog, field } = await openDialog();

    await user.type(field, 'The library opens on Sundays now.');
    await user.click(within(dialog).getByRole('button', { name: 'Send suggestion' }));

    expect(await screen.findByText('Suggestion Submitted')).toBeInTheDocument();
    expect(screen.getByText('A Locals moderator will read your suggestion.')).toBeInTheDocument();
    expect(screen.queryByText(/sent to the service provider/)).not.toBeInTheDocument();
  });

  it('says "Sending..." while sending', async () => {
    let answer: (response: Response) => void = () => {};
    stubApi({
      'POST /api/suggestions': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const { user, dialog, field } = await openDialog();

    await user.type(field, 'New phone number: 0117 000 0002');
    await user.click(within(dialog).getByRole('button', { name: 'Send suggestion' }));

    expect(await within(dialog).findByRole('button', { name: 'Sending...' })).toBeDisabled();
    answer(jsonResponse(SENT, 201));
    expect(await screen.findByText('Suggestion Submitted')).toBeInTheDocument();
  });

  // TanStack Query drops mutate()'s callbacks once the form unmounts, as closing the dialog does.
  it('closed mid-send: still confirms, and reopens empty so the suggestion is not sent twice', async () => {
    let answer: (response: Response) => void = () => {};
    const { requests } = stubApi({
      'POST /api/suggestions': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const { user, dialog, field } = await openDialog();

    await user.type(field, 'New phone number: 0117 000 0002');
    await user.click(within(dialog).getByRole('button', { name: 'Send suggestion' }));
    await within(dialog).findByRole('button', { name: 'Sending...' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => answer(jsonResponse(SENT, 201)));

    expect(await screen.findByText('Suggestion Submitted')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Suggest an edit' }));
    expect(screen.getByLabelText('Your suggestion')).toHaveValue('');
    expect(callsTo(requests, 'POST', '/api/suggestions')).toHaveLength(1);
  });

  it('reopened mid-send: shows Sending..., then closes once it is sent', async () => {
    let answer: (response: Response) => void = () => {};
    const { requests } = stubApi({
      'POST /api/suggestions': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const { user, dialog, field } = await openDialog();

    await user.type(field, 'New phone number: 0117 000 0002');
    await user.click(within(dialog).getByRole('button', { name: 'Send suggestion' }));
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Suggest an edit' }));

    expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    act(() => answer(jsonResponse(SENT, 201)));
    expect(await screen.findByText('Suggestion Submitted')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo(requests, 'POST', '/api/suggestions')).toHaveLength(1);
  });

  it('sends the same Idempotency-Key when the same text is sent again after a failure', async () => {
    const { requests } = stubApi({
      'POST /api/suggestions': networkError,
    });
    const { user, dialog, field } = await openDialog();
    const posts = () => callsTo(requests, 'POST', '/api/suggestions');

    await user.type(field, 'The address is now 2 Harbour Road.');
    await user.click(within(dialog).getByRole('button', { name: 'Send suggestion' }));
    await screen.findByText('Failed to submit suggestion.');
    await user.click(within(dialog).getByRole('button', { name: 'Send suggestion' }));
    await waitFor(() => expect(posts()).toHaveLength(8));

    const keys = new Set(posts().map((request) => request.headers.get('Idempotency-Key')));
    expect(keys.size).toBe(1);
    expect([...keys][0]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('stays open with the text kept when sending fails', async () => {
    stubApi({
      'POST /api/suggestions': () =>
        jsonResponse({ code: 'internal', message: 'Something went wrong' }, 500),
    });
    const { user, dialog, field } = await openDialog();

    await user.type(field, 'The address is now 2 Harbour Road.');
    await user.click(within(dialog).getByRole('button', { name: 'Send suggestion' }));

    expect(await screen.findByText('Failed to submit suggestion.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: /Suggest an edit/ })).toBeInTheDocument();
    expect(field).toHaveValue('The address is now 2 Harbour Road.');
  });

  it('shows the field error a 400 sends back in the error summary and beside the field', async () => {
    stubApi({
      'POST /api/suggestions': () =>
        jsonResponse(
          {
            code: 'validation',
            message: 'Check your suggestion',
            fieldErrors: { suggestionText: ['Suggestion cannot contain links'] },
          },
          400,
        ),
    });
    const { user, dialog, field } = await openDialog();

    await user.type(field, 'See http://example.org');
    await user.click(within(dialog).getByRole('button', { name: 'Send suggestion' }));

    const summary = await within(dialog).findByRole('alert');
    expect(summary).toHaveFocus();
    expect(
      within(summary).getByRole('link', { name: 'Suggestion cannot contain links' }),
    ).toBeInTheDocument();
    expect(field).toHaveAccessibleDescription(/Error: Suggestion cannot contain links/);
    expect(field).toHaveValue('See http://example.org');
    expect(await screen.findByText('Failed to submit suggestion.')).toBeInTheDocument();

    await user.click(within(summary).getByRole('link'));
    expect(field).toHaveFocus();
  });
});
