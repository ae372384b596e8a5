import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ListServicesRoute } from '@/app/routes/list-services';
import { callsTo, jsonResponse, networkError, stubApi } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';

const APPLICATION = {
  'Organisation name': 'Bristol Food Network',
  'Contact name': 'Sam Patel',
  'Email address': 'sam@example.org',
  'Phone number': '0117 496 0000',
  Address: '1 Corn Street, Bristol BS1 1HT',
  'Services offered': 'Food parcels',
  Description: 'Weekly food parcels for anyone who needs them.',
};

const APPLICATION_ID = '0b6f3a52-8a3e-4f4e-9d2c-5b1e7c9a4d10';

async function openDialog(buttonName = 'Get Started Today') {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: buttonName }));
  return { user, dialog: await screen.findByRole('dialog', { name: 'List Your Service' }) };
}

async function fillIn(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  for (const [label, value] of Object.entries(APPLICATION)) {
    await user.type(within(dialog).getByLabelText(label), value);
  }
}

describe('List Your Service dialog', () => {
  it.each(['Get Started Today', 'Apply to Join'])('opens from "%s"', async (buttonName) => {
    renderWithProviders(<ListServicesRoute />);
    const { dialog } = await openDialog(buttonName);
    expect(within(dialog).getByLabelText('Organisation name')).toBeInTheDocument();
  });

  it('gives focus back to the button that opened it when closed', async () => {
    renderWithProviders(<ListServicesRoute />);
    const { user } = await openDialog('Apply to Join');

    await user.keyboard('{Escape}');

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Apply to Join' })).toHaveFocus(),
    );
  });

  it('shows an error summary that takes focus and links to each field, without sending', async () => {
    const { requests } = stubApi({});
    renderWithProviders(<ListServicesRoute />);
    const { user, dialog } = await openDialog();

    await user.click(within(dialog).getByRole('button', { name: 'Submit application' }));

    const summary = await within(dialog).findByRole('alert');
    expect(summary).toHaveFocus();
    expect(
      within(summary).getByRole('link', { name: 'Organisation name is required' }),
    ).toHaveAttribute('href', '#application-organizationName');
    expect(within(dialog).getByLabelText('Phone number')).toHaveAccessibleDescription(
      'Error: Phone number is required',
    );
    expect(within(dialog).getByLabelText('Website (optional)')).not.toHaveAttribute('aria-invalid');

    await user.click(within(summary).getByRole('link', { name: 'Contact name is required' }));
    expect(within(dialog).getByLabelText('Contact name')).toHaveFocus();
    expect(requests).toHaveLength(0);
  });

  it('sends the application, confirms in a toast, closes and clears the form', async () => {
    const { requests } = stubApi({
      'POST /api/service-providers/apply': () =>
        jsonResponse(
          { success: true, message: 'Thanks! We will be in touch.', applicationId: APPLICATION_ID },
          201,
        ),
    });
    renderWithProviders(<ListServicesRoute />);
    const { user, dialog } = await openDialog();

    await fillIn(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Submit application' }));

    expect(await screen.findByText('Application Submitted!')).toBeInTheDocument();
    expect(screen.getByText('Thanks! We will be in touch.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo(requests, 'POST', '/api/service-providers/apply')[0]?.body).toMatchObject({
      organizationName: 'Bristol Food Network',
      email: 'sam@example.org',
      website: '',
    });

    const reopened = await openDialog('Apply to Join');
    expect(within(reopened.dialog).getByLabelText('Organisation name')).toHaveValue('');
  });

  it('keeps the dialog open and everything typed when the server fails', async () => {
    stubApi({
      'POST /api/service-providers/apply': () =>
        jsonResponse({ code: 'internal', message: 'Something went wrong' }, 500),
    });
    renderWithProviders(<ListServicesRoute />);
    const { user, dialog } = await openDialog();

    await fillIn(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Submit application' }));

    expect(await screen.findByText('Submission Error')).toBeInTheDocument();
    expect(screen.getByText('Something went wrong')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'List Your Service' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Organisation name')).toHaveValue('Bristol Food Network');
    expect(within(dialog).getByLabelText('Description')).toHaveValue(APPLICATION.Description);
  });

  it('sends one Idempotency-Key per application: again on a resend, new once it changes', async () => {
    const { requests } = stubApi({
      'POST /api/service-providers/apply': networkError,
    });
    renderWithProviders(<ListServicesRoute />);
    const { user, dialog } = await openDialog();
    const submit = () =>
      user.click(within(dialog).getByRole('button', { name: 'Submit application' }));
    const keys = () =>
      callsTo(requests, 'POST', '/api/service-providers/apply').map((request) =>
        request.headers.get('Idempotency-Key'),
      );

    await fillIn(user, dialog);
    await submit();
    await waitFor(() => expect(keys()).toHaveLength(4));
    await submit();
    await waitFor(() => expect(keys()).toHaveLength(8));
    await user.type(within(dialog).getByLabelText('Services offered'), ', hot meals');
    await submit();
    await waitFor(() => expect(keys()).toHaveLength(12));

    const [first] = keys();
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(keys().slice(0, 8))).toEqual(new Set([first]));
    expect(new Set(keys().slice(8)).size).toBe(1);
    expect(keys()[8]).not.toBe(first);
  });

  it('shows the field errors the server sends back with a 400', async () => {
    stubApi({
      'POST /api/service-providers/apply': () =>
        jsonResponse(
          {
            code: 'validation',
            message: 'Check the form',
            fieldErrors: { email: ['This address cannot receive email'] },
          },
          400,
        ),
    });
    renderWithProviders(<ListServicesRoute />);
    const { user, dialog } = await openDialog();

    await fillIn(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Submit application' }));

    expect(
      await within(dialog).findByRole('link', { name: 'This address cannot receive email' }),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Email address')).toHaveAccessibleDescription(
      'Error: This address cannot receive email',
    );
    expect(within(dialog).getByLabelText('Email address')).toHaveValue('sam@example.org');
  });

  it('says "Submitting..." while the application is being sent', async () => {
    let answer: (response: Response) => void = () => {};
    stubApi({
      'POST /api/service-providers/apply': () =>
        new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderWithProviders(<ListServicesRoute />);
    const { user, dialog } = await openDialog();

    await fillIn(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Submit application' }));

    expect(await within(dialog).findByRole('button', { name: 'Submitting...' })).toBeDisabled();
    answer(jsonResponse({ success: true, message: 'Done', applicationId: APPLICATION_ID }, 201));
    expect(await screen.findByText('Application Submitted!')).toBeInTheDocument();
  });
});
