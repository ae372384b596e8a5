import type { ReactNode } from 'react';

type HeadedSectionProps = {
  /** The heading's id, which names the landmark. */
  headingId: string;
  heading: ReactNode;
  headingClassName: string;
  className?: string;
  /** A nav for a set of links; a section otherwise. */
  as?: 'section' | 'nav';
  children: ReactNode;
};

/** A landmark named by its own h2, so a screen reader lists it by that heading. */
export function HeadedSection({
  headingId,
  heading,
  headingClassName,
  className,
  as: Landmark = 'section',
  children,
}: HeadedSectionProps) {
  return (
    <Landmark aria-labelledby={headingId} className={className}>
      <h2 id={headingId} className={headingClassName}>
        {heading}
      </h2>
      {children}
    </Landmark>
  );
}
