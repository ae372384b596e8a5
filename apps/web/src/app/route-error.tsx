import { Component } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClassName } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';

function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  return 'Unknown error';
}

type ErrorPageProps = { error: unknown };

function RouteErrorContent({ error }: ErrorPageProps) {
  useDocumentTitle('Something went wrong');
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="mb-4 text-4xl font-extrabold">Unexpected Application Error!</h1>
      <p className="mb-2 text-xl font-bold">{describe(error)}</p>
      <p className="mb-6 max-w-prose text-lg">
        Sorry, something went wrong on our side. Try again in a moment. If you need help now, call
        NHS 111, or 999 in an emergency.
      </p>
      <Link to={paths.home} className={buttonClassName('primary')}>
        Return to Home
      </Link>
    </div>
  );
}

/** Shown inside the page frame when a page fails. */
export function RouteError({ error }: ErrorPageProps) {
  return <RouteErrorContent error={error} />;
}

/** Shown on its own when the page frame itself fails. */
export function RootError({ error }: ErrorPageProps) {
  return (
    <main id="main-content" tabIndex={-1}>
      <RouteErrorContent error={error} />
    </main>
  );
}

type ErrorBoundaryProps = {
  fallback: ComponentType<ErrorPageProps>;
  /** The boundary clears its error when this changes (the address: the person moved on). */
  resetKey: string;
  children: ReactNode;
};

type ErrorBoundaryState = { failure: { error: unknown } | null; resetKey: string };

/**
 * Shows `fallback` in place of children that failed to render (React needs a class for this;
 * React itself reports the error to the console).
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { failure: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<ErrorBoundaryState> {
    return { failure: { error } };
  }

  static getDerivedStateFromProps(
    props: ErrorBoundaryProps,
    state: ErrorBoundaryState,
  ): Partial<ErrorBoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { failure: null, resetKey: props.resetKey };
  }

  override render() {
    const { failure } = this.state;
    const Fallback = this.props.fallback;
    return failure ? <Fallback error={failure.error} /> : this.props.children;
  }
}
