import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, jsonResponse, stubApi } from '@/testing/fetch-mock';
import { SubmittedFormProvider } from '@/lib/submitted-form';
import { renderWithProviders } from '@/testing/render';
import { NewsletterSignup } from './newsletter-signup';

async function subscribe(email: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email address'), email);
  await user.click(screen.getByRole('button', { name: 'Subscribe' }));
}

describe('NewsletterSignup', () => {
  it('subscribes, confirms in a status message and clears the form', async () => {
    const { requests } = stubApi({
      'POST /api/newsletter/subscribe': () =>
        jsonResponse({ success: true, message: 'Subscribed' }),
    });
    renderWithProviders(<NewsletterSignup subscriberFigure={null} />);

    await subscribe('  sam@example.org ');

    // The live region is on the page from the start (so screen readers hear what appears in it):
    // wait for its words, not for the region.
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'Successfully subscribed to newsletter!',
      ),
    );
    expect(screen.getByRole('status')).toHaveTextContent(/unsubscribe link/);
    expect(screen.getByLabelText('Email address')).toHaveValue('');
    expect(callsTo(requests, 'POST', '/api/newsletter/subscribe')[0]?.body).toEqual({
      email: 'sam@example.org',
    });
  });

  it('shows a failure alert when the server fails', async () => {
    stubApi({
      'POST /api/newsletter/subscribe': () =>
        jsonResponse({ code: 'internal', message: 'Internal error' }, 500),
    });
    renderWithProviders(<NewsletterSignup subscriberFigure={null} />);

    await subscribe('sam@example.org');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to subscribe. Please try again.',
    );
    expect(screen.getByLabelText('Email address')).toHaveValue('sam@example.org');
  });

  it("shows the server's message for a 400", async () => {
    stubApi({
      'POST /api/newsletter/subscribe': () =>
        jsonResponse(
          { code: 'invalid_email', message: 'That email domain does not accept mail' },
          400,
        ),
    });
    renderWithProviders(<NewsletterSignup subscriberFigure={null} />);

    await subscribe('sam@example.org');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That email domain does not accept mail',
    );
  });

  it('checks the address before sending anything', async () => {
    const { requests } = stubApi({});
    renderWithProviders(<NewsletterSignup subscriberFigure={null} />);

    await subscribe('not-an-email');

    expect(screen.getByLabelText('Email address')).toHaveAccessibleDescription(
      'Error: Please enter a valid email address',
    );
    expect(requests).toHaveLength(0);
  });

  it.each([
    [null, 'Join our community newsletter'],
    ['1,200+', 'Join 1,200+ community members'],
  ])('with subscriber figure %s the heading reads "%s"', (figure, heading) => {
    renderWithProviders(<NewsletterSignup subscriberFigure={figure} />);
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(heading);
  });

  // Decision 036: without JavaScript the form is sent to the server, which answers with a page.
  it('is a POST to the newsletter page, its address never in a URL', () => {
    stubApi({});
    renderWithProviders(<NewsletterSignup subscriberFigure={null} />);

    const form = screen.getByLabelText('Email address').closest('form');
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/newsletter');
    expect(screen.getByLabelText('Email address')).toHaveAttribute('name', 'email');
  });

  it('shows the answer to a form sent without JavaScript: what was typed and the error', () => {
    stubApi({});
    renderWithProviders(
      <SubmittedFormProvider
        form={{
          form: 'newsletter',
          values: { email: 'sam at example' },
          errors: { email: 'Please enter a valid email address' },
        }}
      >
        <NewsletterSignup subscriberFigure={null} />
      </SubmittedFormProvider>,
      { path: '/newsletter' },
    );

    expect(screen.getByLabelText('Email address')).toHaveValue('sam at example');
    expect(screen.getByRole('alert', { name: 'There is a problem' })).toHaveTextContent(
      'Please enter a valid email address',
    );
    expect(screen.getByLabelText('Email address')).toHaveAccessibleDescription(
      /Please enter a valid email address/,
    );
  });

  it('keeps what was typed and says to try again when the server could not subscribe', () => {
    stubApi({});
    renderWithProviders(
      <SubmittedFormProvider
        form={{
          form: 'newsletter',
          values: { email: 'kim@example.org' },
          errors: { form: 'Sorry, we could not subscribe you just now.' },
        }}
      >
        <NewsletterSignup subscriberFigure={null} />
      </SubmittedFormProvider>,
    );

    expect(screen.getByLabelText('Email address')).toHaveValue('kim@example.org');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Sorry, we could not subscribe you just now.',
    );
  });
});
