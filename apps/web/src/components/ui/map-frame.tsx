import type { ReactNode, Ref } from 'react';

type MapFrameProps = {
  /** The element Leaflet draws the map in. */
  containerRef: Ref<HTMLDivElement>;
  label: string;
  className: string;
  /** Shown over the map's corner. */
  children?: ReactNode;
};

/** Where Leaflet draws a map: a named region. */
export function MapFrame({ containerRef, label, className, children }: MapFrameProps) {
  return (
    // Its own stacking context: Leaflet's panes and controls (z-index 400-1000) stay inside
    // it, under the cookie banner and anything else the page lays over the map.
    <div className="relative isolate">
      {children}
      <div ref={containerRef} role="region" aria-label={label} className={className} />
    </div>
  );
}
