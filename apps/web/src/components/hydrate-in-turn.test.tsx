import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { takeOverServerHtml } from '@/hooks/use-browser-value';
import { HydrateInTurn } from './hydrate-in-turn';

function Counter({ name }: { name: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      {name} {count}
    </button>
  );
}

function Page() {
  return (
    <ul>
      {['first', 'second'].map((name) => (
        <li key={name}>
          <HydrateInTurn>
            <Counter name={name} />
          </HydrateInTurn>
        </li>
      ))}
    </ul>
  );
}

describe('HydrateInTurn', () => {
  it('is its children on the server, and takes over that HTML later, in a task of its own', async () => {
    const html = renderToString(<Page />);
    expect(html).toBe(
      '<ul><li><button type="button">first 0</button></li><li><button type="button">second 0</button></li></ul>',
    );
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const serverButton = container.querySelector('button');

    takeOverServerHtml(() => hydrateRoot(container, <Page />));
    // Nothing was thrown away: the server's buttons are still the page's.
    expect(container.querySelector('button')).toBe(serverButton);
    expect(container.innerHTML).toBe(html);
    // Not yet taken over when the hydration call returns: the card waits for a later task.
    serverButton?.click();
    await Promise.resolve();
    expect(serverButton).toHaveTextContent('first 0');

    const user = userEvent.setup();
    await waitFor(async () => {
      await user.click(screen.getByRole('button', { name: 'second 0' }));
      expect(screen.getByRole('button', { name: 'second 1' })).toBeInTheDocument();
    });
    expect(container.querySelector('button')).toBe(serverButton);
    await act(() => user.click(screen.getByRole('button', { name: 'first 0' })));
    expect(screen.getByRole('button', { name: 'first 1' })).toBeInTheDocument();
    container.remove();
  });
});
