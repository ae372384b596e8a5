import { Component } from 'react';
import { useLocation } from 'react-router';
import type { Location } from 'react-router';
import { keepsScroll, SCROLL_POSITIONS_KEY } from '@/lib/scroll-state';

function readSaved(): Record<string, number> {
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(SCROLL_POSITIONS_KEY) ?? '{}');
    return typeof saved === 'object' && saved !== null ? (saved as Record<string, number>) : {};
  } catch {
    return {};
  }
}

type Props = { location: Location; scrollKey: string };

/**
 * The scroll position of each page, kept per key as React Router's data router kept it: taken
 * just before the page changes (a snapshot, before React touches the DOM, so a shorter next
 * page cannot have clamped it yet) and given back when a page with that key returns. A new page
 * starts at its top, or at its #fragment, unless its navigation asked to keep the scroll.
 */
class ScrollKeeper extends Component<Props> {
  private positions: Record<string, number> = {};

  private readonly saveOnLeaving = () => {
    this.positions[this.props.scrollKey] = window.scrollY;
    try {
      sessionStorage.setItem(SCROLL_POSITIONS_KEY, JSON.stringify(this.positions));
    } catch {
      // Storage full or refused: positions are then kept for this page's life only.
    }
    // A reload or a return from another site: the browser puts the page back itself.
    window.history.scrollRestoration = 'auto';
  };

  override componentDidMount() {
    this.positions = readSaved();
    window.history.scrollRestoration = 'manual';
    window.addEventListener('pagehide', this.saveOnLeaving);
  }

  override componentWillUnmount() {
    window.removeEventListener('pagehide', this.saveOnLeaving);
    window.history.scrollRestoration = 'auto';
  }

  override getSnapshotBeforeUpdate(previous: Props): number | null {
    return previous.location === this.props.location ? null : window.scrollY;
  }

  override componentDidUpdate(previous: Props, _state: unknown, leftAt: number | null) {
    if (leftAt === null) return;
    this.positions[previous.scrollKey] = leftAt;
    const { location, scrollKey } = this.props;
    const saved = this.positions[scrollKey];
    if (saved !== undefined) {
      window.scrollTo(0, saved);
      return;
    }
    const target =
      location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (target) target.scrollIntoView();
    else if (!keepsScroll(location.state)) window.scrollTo(0, 0);
  }

  override render() {
    return null;
  }
}

/** Puts each page's scroll position back on Back and Forward; `getKey` says which pages share one. */
export function ScrollRestoration({ getKey }: { getKey: (location: Location) => string }) {
  const location = useLocation();
  return <ScrollKeeper location={location} scrollKey={getKey(location)} />;
}
