import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
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
});
