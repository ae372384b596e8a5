import { Component } from 'react';
import type { ReactNode } from 'react';

type ReviewsErrorBoundaryProps = { children: ReactNode };

/**
 * Reviews are one part of a service's detail: if they break, the rest of the detail (address,
 * phone, opening hours) must stay readable. A class: React has no hook for render errors.
 */
export class ReviewsErrorBoundary extends Component<
  ReviewsErrorBoundaryProps,
  { hasError: boolean }
> {
  override state = { hasError: false };

  static getDerivedStateFromError() {
    return { hasError: true };
  }

  override render() {
    if (!this.state.hasError) return this.props.children;
    return <p role="alert">Reviews could not be shown. Please try again later.</p>;
  }
}
