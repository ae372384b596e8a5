/**
 * Shown while the service details dialog's code downloads after a service is opened. It sits
 * above the map (Leaflet's panes and controls go up to z-index 1000) so it is seen there too.
 */
export function ServiceDetailsLoading() {
  return (
    <p
      role="status"
      className="fixed inset-x-4 top-1/3 z-[1100] mx-auto w-fit rounded bg-white p-4 text-lg font-bold shadow-lg"
    >
      Loading service details...
    </p>
  );
}
