export const MAIN_CONTENT_ID = 'main-content';

export function SkipLink() {
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      className="sr-only block p-3 text-lg focus:not-sr-only focus:block"
    >
      Skip to main content
    </a>
  );
}
