import type { Crisis } from '@locals/contracts/helplines';
import type { ReactNode } from 'react';
import { CrisisPanel } from '@/components/helplines/crisis-panel';

/** Said when a search has no place to search near, before any call is made. */
export const LOCATION_PROMPT = 'Enter a postcode, like BS1 4DJ, so we can find services near you.';

type LocationPromptProps = {
  /** The server's words when it found no place in the keyword, else LOCATION_PROMPT. */
  message: string;
  keyword: string;
  /**
   * Set when the keyword signals a risk to life: help that needs no postcode comes before the
   * question of where.
   */
  crisis?: Crisis | null;
  /** The postcode form. */
  children: ReactNode;
};

/** Decision 011: a search with no postcode asks for one, never a nationwide list. */
export function LocationPrompt({ message, keyword, crisis, children }: LocationPromptProps) {
  return (
    <section aria-labelledby="location-prompt-heading" className="max-w-prose">
      <h1 id="location-prompt-heading" className="mb-2 text-4xl font-extrabold">
        Where are you looking for help?
      </h1>
      {crisis && <CrisisPanel crisis={crisis} />}
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
