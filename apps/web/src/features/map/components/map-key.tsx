type MapKeyProps = { postcode: string; radiusMiles: number | null };

/** Says in words what the map's shapes mean, for everyone and for screen readers. */
export function MapKey({ postcode, radiusMiles }: MapKeyProps) {
  return (
    <p className="mt-2 max-w-prose">
      The red pin marks {postcode}
      {radiusMiles === null ? '' : `; the circle shows ${radiusMiles} miles around it`}. Green dots
      are services; numbered circles are groups of services, select one to zoom in. Every service is
      also in the list view.
    </p>
  );
}
