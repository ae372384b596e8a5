/** When the map tiles fail: what a visitor can still do, and what the site's owner should fix. */
export function TileFailureNotice() {
  return (
    <div role="status" className="mb-2 border-l-4 border-brand bg-brand-light p-3">
      <p className="font-bold">The background map could not load.</p>
      <p>
        Services are still shown at their locations. If you run this site, set MAP_TILE_URL to a
        tile server you can use (and include its key if it needs one).
      </p>
    </div>
  );
}
