/** The spec's "enter a maps key" prompt, made useful to the person who can act on it. */
export function TileFailureNotice() {
  return (
    <div
      role="status"
      className="pointer-events-none absolute inset-x-2 bottom-2 z-[1000] border-l-4 border-brand bg-brand-light p-3 shadow"
    >
      <p className="font-bold">The background map could not load.</p>
      <p>
        Services are still shown at their locations. If you run this site, set MAP_TILE_URL to a
        tile server you can use (and include its key if it needs one).
      </p>
    </div>
  );
}
