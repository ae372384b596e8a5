import { TriangleAlert } from 'lucide-react';

/** Shown whenever sample data stands in for real results. */
export function SampleDataBanner() {
  return (
    <div
      role="alert"
      className="mb-4 flex items-start gap-3 border-l-8 border-danger bg-danger-light p-4 text-lg font-bold"
    >
      <TriangleAlert aria-hidden="true" className="mt-1 size-6 shrink-0" />
      Showing sample data due to API connectivity issues. Results may not reflect actual services.
    </div>
  );
}
