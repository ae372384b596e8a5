import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ErrorSummary } from './error-summary';

function FormWithSummary() {
  const [value, setValue] = useState('');
  // Rebuilt on every render, as forms often do.
  const errors = [{ fieldId: 'name', message: 'Enter your name' }];
  return (
    <form>
      <ErrorSummary errors={errors} />
      <label htmlFor="name">Name</label>
      <input id="name" value={value} onChange={(event) => setValue(event.target.value)} />
    </form>
  );
}

describe('ErrorSummary', () => {
  it('takes focus when it appears and links to each field', async () => {
    render(<FormWithSummary />);
    expect(screen.getByRole('alert')).toHaveFocus();
    await userEvent.click(screen.getByRole('link', { name: 'Enter your name' }));
    expect(screen.getByLabelText('Name')).toHaveFocus();
  });

  it('leaves focus in the field while the person types', async () => {
    render(<FormWithSummary />);
    await userEvent.click(screen.getByLabelText('Name'));
    await userEvent.keyboard('Ada');
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(screen.getByLabelText('Name')).toHaveValue('Ada');
  });
});
