import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from './toast';
import { useToast } from './toast-context';

function Trigger({ title }: { title: string }) {
  const { toast } = useToast();
  return (
    <button type="button" onClick={() => toast({ title, description: `${title} details` })}>
      Show {title}
    </button>
  );
}

describe('toasts', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows at most one toast: a new one replaces the old', async () => {
    const user = userEvent.setup();
    render(
      <ToastProvider>
        <Trigger title="First" />
        <Trigger title="Second" />
      </ToastProvider>,
    );

    await user.click(screen.getByRole('button', { name: 'Show First' }));
    expect(await screen.findByText('First details')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show Second' }));

    expect(await screen.findByText('Second details')).toBeInTheDocument();
    expect(screen.queryByText('First details')).not.toBeInTheDocument();
  });

  it('shows a toast for 5000 ms, then removes it (spec 9)', async () => {
    vi.useFakeTimers();
    render(
      <ToastProvider>
        <Trigger title="Saved" />
      </ToastProvider>,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Show Saved' }));
    // The toast's code loads with the first toast; the clock stands still meanwhile.
    await act(() => vi.dynamicImportSettled());
    expect(screen.getByText('Saved details')).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(4900));
    expect(screen.getByText('Saved details')).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.queryByText('Saved details')).not.toBeInTheDocument();
  });
});
