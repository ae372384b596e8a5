import { act, render, screen, waitFor } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { useIsHydrated, useIsHydratedInBackground } from './use-is-hydrated';

/** What each commit showed: whether the page was taken over, and whether the big part came. */
function Probe({ commits }: { commits: string[] }) {
  const isHydrated = useIsHydrated();
  const isHydratedInBackground = useIsHydratedInBackground();
  const shown = `taken over: ${isHydrated}, big part: ${isHydratedInBackground}`;
  useLayoutEffect(() => {
    commits.push(shown);
  });
  return <p>{shown}</p>;
}

describe('useIsHydratedInBackground', () => {
  it('turns true in a render of its own after the page is taken over', async () => {
    const html = renderToString(<Probe commits={[]} />);
    expect(html).toBe('<p>taken over: false, big part: false</p>');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);

    const commits: string[] = [];
    const root = hydrateRoot(container, <Probe commits={commits} />);
    await waitFor(() =>
      expect(screen.getByText('taken over: true, big part: true')).toBeInTheDocument(),
    );
    // The page's own render after hydration came first, without the big part: that part is
    // drawn later, in a background render a slow phone does in short slices.
    expect(commits).toEqual([
      'taken over: false, big part: false',
      'taken over: true, big part: false',
      'taken over: true, big part: true',
    ]);
    act(() => root.unmount());
    container.remove();
  });

  it('is true at once in what the browser renders itself', () => {
    const commits: string[] = [];
    render(<Probe commits={commits} />);
    expect(commits).toEqual(['taken over: true, big part: true']);
  });
});
