import { act, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { HydrateInTurn, useEveryPartTakenOver } from './hydrate-in-turn';

function Counter({ name }: { name: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      {name} {count}
    </button>
  );
}

/** What waits for the whole page: the data a person's cards fetch for themselves. */
function Readiness() {
  return <p>{useEveryPartTakenOver() ? 'every part taken over' : 'parts waiting'}</p>;
}

function Page() {
  return (
    <>
      <Readiness />
      <ul>
        {['first', 'second'].map((name) => (
          <li key={name}>
            <HydrateInTurn>
              <Counter name={name} />
            </HydrateInTurn>
          </li>
        ))}
      </ul>
    </>
  );
}

describe('HydrateInTurn', () => {
  it('is its children on the server, and a tap before it is taken over is not lost', async () => {
    const html = renderToString(<Page />);
    // React marks each part (a Suspense boundary) with comments; the HTML is the children's.
    expect(html.replace(/<!--.*?-->/g, '')).toBe(
      '<p>parts waiting</p><ul><li><button type="button">first 0</button></li><li><button type="button">second 0</button></li></ul>',
    );
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const serverButtons = [...container.querySelectorAll('button')];

    const root = hydrateRoot(container, <Page />);
    expect(screen.getByText('parts waiting')).toBeInTheDocument();
    // Tapped the moment the script runs, before React has taken the card over: React takes it
    // over then and there and handles the tap.
    act(() => serverButtons[1]?.click());

    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'second 1' })).toBeInTheDocument(),
    );
    // Nothing was thrown away: the server's buttons are still the page's.
    expect([...container.querySelectorAll('button')]).toEqual(serverButtons);
    act(() => serverButtons[0]?.click());
    expect(screen.getByRole('button', { name: 'first 1' })).toBeInTheDocument();
    // Both parts taken over, the page's own data may now be asked for.
    await waitFor(() => expect(screen.getByText('every part taken over')).toBeInTheDocument());
    act(() => root.unmount());
    container.remove();
  });
});
