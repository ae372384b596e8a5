import type { SubmittedForm } from '@locals/contracts/page-forms';
import { fireEvent, screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { AppRoutes } from '@/app/router';
import { SubmittedFormProvider } from '@/lib/submitted-form';
import { renderWithProviders } from '@/testing/render';

/** The whole app at `path`, answering a form sent without JavaScript (decision 036). */
export function renderSentForm(path: string, form: SubmittedForm) {
  return renderWithProviders(
    <SubmittedFormProvider form={form}>
      <AppRoutes />
    </SubmittedFormProvider>,
    { path },
  );
}

/** A date or time control takes its whole value at once, as the browser's picker gives it. */
export function pick(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

/** Types the event's required fields, as an organiser would: a one-off on 1 December 2026. */
export async function fillRequiredFields(user: UserEvent) {
  await user.type(screen.getByLabelText('Event name'), 'Easton Coffee Morning');
  await user.type(screen.getByLabelText('Description'), 'Tea, coffee and cake.');
  await user.selectOptions(screen.getByLabelText('Category'), 'Wellbeing');
  pick('Date', '2026-12-01');
  pick('Start time', '10:00');
  await user.type(screen.getByLabelText('Venue name'), 'Easton Community Centre');
  await user.type(screen.getByLabelText('Address'), 'Kilburn Street, Bristol');
  await user.type(screen.getByLabelText('Postcode'), 'bs5 6aw');
  await user.type(screen.getByLabelText('Organiser name'), 'Friends of Easton');
  await user.type(screen.getByLabelText('Organiser email address'), 'hello@easton.example');
}
