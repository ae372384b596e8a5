import type { ReactNode } from 'react';

/** Said when a search has no place to search near, before any call is made. */
export const LOCATION_PROMPT = 'Enter a postcode, like BS1 4DJ, so we can find services near you.';

type LocationPromptProps = {
  /** The server's words when it found no place in the keyword, else LOCATION_PROMPT. */
  message: string;
  keyword: string;
  /** The postcode form. */
  children: ReactNode;
};

/** Issue 10: a search with no postcode asks for one, never a nationwide list. */
export function LocationPrompt({ message, keyword, children }: LocationPromptProps) {
  return (
    <section aria-labelledby="location-prompt-heading" className="max-w-prose">
      <h1 id="location-prompt-heading" className="mb-2 text-4xl font-extrabold">
        Where are you looking for help?
      </h1>
      <p className="mb-2 text-lg">{message}</p>
      {keyword && (
        <p className="mb-4 text-lg">
          We will then search for &lsquo;{keyword}&rsquo; near that postcode.
        </p>
      )}
      {children}
    </section>
  );
}
