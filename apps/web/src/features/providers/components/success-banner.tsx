import type { ReactNode } from 'react';
import { useFocusOnMount } from './focus-on-mount';

type SuccessBannerProps = { heading: string; children?: ReactNode };

/**
 * GOV.UK success notification banner. It takes focus when it appears, so the person hears the
 * outcome and finds it at the top of the page.
 */
export function SuccessBanner({ heading, children }: SuccessBannerProps) {
  const ref = useFocusOnMount<HTMLDivElement>();
  return (
    <div
      role="alert"
      aria-labelledby="success-banner-title"
      tabIndex={-1}
      ref={ref}
      className="mb-6 border-4 border-success focus:outline-3 focus:outline-focus"
    >
      <p id="success-banner-title" className="bg-success px-4 py-1 font-bold text-white">
        Success
      </p>
      <div className="bg-white p-4">
        <h2 className="mb-1 text-2xl font-bold">{heading}</h2>
        {children}
      </div>
    </div>
  );
}
