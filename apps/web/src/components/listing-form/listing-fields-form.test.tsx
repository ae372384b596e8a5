import type { ListingFields, ListingFieldsInput } from '@locals/contracts/listing';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { ListingFieldsForm } from './listing-fields-form';
import { EMPTY_LISTING, listingFieldErrors, listingFormErrors } from './listing-form-fields';
import type { ListingFormError } from './listing-form-fields';

const LISTING: ListingFieldsInput = {
  name: 'Riverside Food Bank',
  description: 'Food parcels and advice.',
  categories: ['food'],
  phones: ['0117 496 0000'],
  email: 'hello@riverside.example',
  website: 'https://riverside.example',
  address: '1 River Street\nBristol',
  postcode: 'bs1 4dj',
  openingHours: 'Mon 09:00-17:00',
};

function renderForm(
  props: {
    initial?: ListingFieldsInput;
    serverErrors?: ListingFormError[];
    onSubmit?: (fields: ListingFields) => void;
  } = {},
) {
  const onSubmit = vi.fn(props.onSubmit ?? (() => undefined));
  const view = render(
    <ListingFieldsForm
      initial={props.initial ?? LISTING}
      submitLabel="Save changes"
      onSubmit={onSubmit}
      serverErrors={props.serverErrors}
    />,
  );
  return { ...view, onSubmit };
}

describe('ListingFieldsForm', () => {
  it('shows every field, in the contract order, with labels and the categories as a group', () => {
    renderForm();
    expect(screen.getByLabelText('Name')).toHaveValue('Riverside Food Bank');
    expect(screen.getByLabelText('Description')).toHaveValue('Food parcels and advice.');
    const group = screen.getByRole('group', { name: 'Categories' });
    expect(within(group).getAllByRole('checkbox')).toHaveLength(12);
    expect(within(group).getByRole('checkbox', { name: 'Food' })).toBeChecked();
    expect(within(group).getByRole('checkbox', { name: 'Health' })).not.toBeChecked();
    expect(screen.getByLabelText('Phone numbers')).toHaveValue('0117 496 0000');
    expect(screen.getByLabelText('Email address (optional)')).toHaveValue(
      'hello@riverside.example',
    );
    expect(screen.getByLabelText('Website (optional)')).toHaveValue('https://riverside.example');
    expect(screen.getByLabelText('Address')).toHaveValue('1 River Street\nBristol');
    expect(screen.getByLabelText('Postcode')).toHaveValue('bs1 4dj');
    expect(screen.getByLabelText('Opening hours')).toHaveAccessibleDescription(
      'Put each day, or run of days, on a line of its own, for example Mon-Fri 09:00-17:00 and Sat 10:00-13:00. Leave out the days you are closed.',
    );
  });

  it('submits the checked fields: one phone number a line, postcode tidied', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderForm();
    const phones = screen.getByLabelText('Phone numbers');
    await user.clear(phones);
    await user.type(phones, '0117 496 0000{Enter}{Enter}  0117 496 0001  {Enter}');
    await user.click(screen.getByRole('checkbox', { name: 'Health' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith({
      ...LISTING,
      categories: ['health', 'food'],
      phones: ['0117 496 0000', '0117 496 0001'],
      postcode: 'BS1 4DJ',
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the error summary, focused, with links that focus each field, and keeps the input', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderForm({ initial: EMPTY_LISTING });
    await user.type(screen.getByLabelText('Description'), 'Kept as typed');
    await user.type(screen.getByLabelText('Postcode'), 'BS1');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    const summary = await screen.findByRole('alert');
    expect(summary).toHaveFocus();
    expect(within(summary).getByRole('heading', { name: 'There is a problem' })).toBeVisible();
    const links = within(summary).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Name is required',
      'Choose at least one category',
      'Address is required',
      'Enter a full UK postcode, like BS1 4DJ',
    ]);
    expect(onSubmit).not.toHaveBeenCalled();

    await user.click(within(summary).getByRole('link', { name: 'Name is required' }));
    expect(screen.getByLabelText('Name')).toHaveFocus();
    await user.click(within(summary).getByRole('link', { name: 'Choose at least one category' }));
    expect(screen.getByRole('checkbox', { name: 'Social Care' })).toHaveFocus();
    await user.click(
      within(summary).getByRole('link', { name: 'Enter a full UK postcode, like BS1 4DJ' }),
    );
    expect(screen.getByLabelText('Postcode')).toHaveFocus();

    expect(screen.getByLabelText('Postcode')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Postcode')).toHaveAccessibleDescription(
      'For example, BS1 4DJ Error: Enter a full UK postcode, like BS1 4DJ',
    );
    expect(screen.getByLabelText('Description')).toHaveValue('Kept as typed');
    expect(screen.getByLabelText('Postcode')).toHaveValue('BS1');
  });

  it('takes focus again on every failed submit', async () => {
    const user = userEvent.setup();
    renderForm({ initial: { ...LISTING, name: '' } });
    const button = screen.getByRole('button', { name: 'Save changes' });
    await user.click(button);
    expect(await screen.findByRole('alert')).toHaveFocus();
    await user.click(button);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveFocus());
  });

  it("shows the server's field errors in the summary and beside the field", async () => {
    renderForm({
      serverErrors: [{ field: 'postcode', message: 'We do not know this postcode' }],
    });
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveFocus();
    expect(
      within(summary).getByRole('link', { name: 'We do not know this postcode' }),
    ).toHaveAttribute('href', '#listing-postcode');
    expect(screen.getByLabelText('Postcode')).toHaveAccessibleDescription(
      'For example, BS1 4DJ Error: We do not know this postcode',
    );
  });

  it('says what went wrong with the whole form, focused, keeping the input', async () => {
    renderForm({
      serverErrors: [{ message: 'We could not reach Locals. Check your internet connection.' }],
    });
    const problem = await screen.findByRole('alert');
    expect(problem).toHaveFocus();
    expect(problem).toHaveTextContent('We could not reach Locals. Check your internet connection.');
    expect(screen.getByLabelText('Name')).toHaveValue('Riverside Food Bank');
  });
});

describe('listingFormErrors', () => {
  it.each([
    [
      'a 400 naming fields in the body',
      new ApiError({
        status: 400,
        code: 'validation_error',
        message: 'Name is required',
        fieldErrors: {
          'listing.name': ['Name is required'],
          'listing.phones.1': ['Enter a phone number, like 0117 496 0000'],
        },
      }),
      [
        { field: 'name', message: 'Name is required' },
        { field: 'phones', message: 'Enter a phone number, like 0117 496 0000' },
      ],
    ],
    [
      'a 400 naming no field',
      new ApiError({ status: 400, code: 'bad_request', message: 'The request is not valid.' }),
      [{ message: 'The request is not valid.' }],
    ],
    [
      'a 500',
      new ApiError({ status: 500, code: 'internal', message: 'Something went wrong' }),
      [{ message: 'Something went wrong' }],
    ],
    ['no error', null, []],
  ])('maps %s', (_case, error, expected) => {
    expect(listingFormErrors(error)).toEqual(expected);
  });

  it('reads field paths with or without the listing prefix and ignores unknown ones', () => {
    expect(
      listingFieldErrors({ postcode: ['Bad postcode'], 'listing.email': ['Bad email'], x: ['?'] }),
    ).toEqual([
      { field: 'email', message: 'Bad email' },
      { field: 'postcode', message: 'Bad postcode' },
    ]);
  });
});
