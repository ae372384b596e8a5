import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dialog, DialogContent } from './dialog';
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

  it('shows over an open dialog inside it, where its link can be read, tapped and reached', async () => {
    const user = userEvent.setup();
    function SignInToast() {
      const { toast } = useToast();
      return (
        <button
          type="button"
          onClick={() =>
            toast({
              title: 'Authentication Required',
              action: { label: 'Sign in', href: '/signin', altText: 'Use Sign In at the top.' },
            })
          }
        >
          Bookmark
        </button>
      );
    }
    render(
      <ToastProvider>
        <Dialog open>
          <DialogContent title="Harbourside Food Bank" description="Service details">
            <SignInToast />
          </DialogContent>
        </Dialog>
      </ToastProvider>,
    );

    await user.click(screen.getByRole('button', { name: 'Bookmark' }));

    // The rest of the page is hidden from screen readers while the dialog is open: the toast
    // and its link are in the dialog, and Tab reaches the link.
    const dialog = screen.getByRole('dialog', { name: 'Harbourside Food Bank' });
    const signIn = await within(dialog).findByRole('link', { name: 'Sign in' });
    expect(signIn).toHaveAttribute('href', '/signin');
    await user.tab();
    await user.tab();
    expect(signIn).toHaveFocus();
  });

  it('keeps a toast in the dialog it was shown over when another dialog opens on top', async () => {
    const user = userEvent.setup();
    function Details() {
      const { toast } = useToast();
      const [isPromptOpen, setIsPromptOpen] = useState(false);
      return (
        <Dialog open>
          <DialogContent title="Details" description="A service">
            <button type="button" onClick={() => toast({ title: 'Saved for later' })}>
              Save
            </button>
            <button type="button" onClick={() => setIsPromptOpen(true)}>
              Notes
            </button>
            <Dialog open={isPromptOpen} onOpenChange={setIsPromptOpen}>
              <DialogContent title="Sign in" description="To write notes" />
            </Dialog>
          </DialogContent>
        </Dialog>
      );
    }
    render(
      <ToastProvider>
        <Details />
      </ToastProvider>,
    );

    await user.click(screen.getByRole('button', { name: 'Save' }));
    const details = screen.getByRole('dialog', { name: 'Details' });
    expect(await within(details).findByText('Saved for later')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Notes' }));
    const prompt = await screen.findByRole('dialog', { name: 'Sign in' });

    // The toast stays with the details, so Escape closes the prompt, not the toast.
    expect(within(prompt).queryByText('Saved for later')).toBeNull();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Sign in' })).toBeNull();
    expect(screen.getByText('Saved for later')).toBeInTheDocument();
  });
});
