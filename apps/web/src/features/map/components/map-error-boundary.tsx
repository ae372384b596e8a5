import { Component } from 'react';
import type { ReactNode } from 'react';

type MapErrorBoundaryProps = { children: ReactNode };

/**
 * The map is an extra view of the list, so if it breaks (or its code cannot download on a poor
 * connection) the page stays usable and says where else to look. A class: React has no hook
 * for catching render errors.
 */
export class MapErrorBoundary extends Component<MapErrorBoundaryProps, { hasError: boolean }> {
  override state = { hasError: false };

  static getDerivedStateFromError() {
    return { hasError: true };
  }

  override render() {
    if (!this.state.hasError) return this.props.children;
    return (
      <div role="alert" className="rounded border-2 border-line bg-surface p-4">
        <p className="font-bold">The map could not be shown.</p>
        <p>Every service is in the list view. Reload the page to try the map again.</p>
      </div>
    );
  }
}
