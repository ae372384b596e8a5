import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FontSizeSelector } from './font-size-selector';

describe('FontSizeSelector', () => {
  it('starts at medium when nothing is stored', () => {
    render(<FontSizeSelector />);
    expect(screen.getByLabelText('Text size')).toHaveValue('medium');
  });

  it.each(['small', 'large'])('remembers %s and applies it to the page root', async (size) => {
    const user = userEvent.setup();
    document.documentElement.classList.add('font-size-medium');
    render(<FontSizeSelector />);

    await user.selectOptions(screen.getByLabelText('Text size'), size);

    expect(localStorage.getItem('fontSize')).toBe(size);
    expect(document.documentElement).toHaveClass(`font-size-${size}`);
    expect(document.documentElement).not.toHaveClass('font-size-medium');
  });

  it('shows the size stored on an earlier visit', () => {
    localStorage.setItem('fontSize', 'large');
    render(<FontSizeSelector />);
    expect(screen.getByLabelText('Text size')).toHaveValue('large');
  });

  it('ignores a stored value it does not know', () => {
    localStorage.setItem('fontSize', 'huge');
    render(<FontSizeSelector />);
    expect(screen.getByLabelText('Text size')).toHaveValue('medium');
  });
});
