import clsx from 'clsx';
import type { ReactNode } from 'react';

type TagProps = { tone?: 'warning' | 'neutral' | 'success'; children: ReactNode };

const TONES = {
  warning: 'bg-danger text-white',
  neutral: 'bg-surface text-ink',
  success: 'bg-brand text-white',
};

/** A GOV.UK-style tag: a short status in bold capitals, read out as written. */
export function Tag({ tone = 'neutral', children }: TagProps) {
  return (
    <strong className={clsx('inline-block px-2 py-0.5 text-base font-bold', TONES[tone])}>
      {children}
    </strong>
  );
}
