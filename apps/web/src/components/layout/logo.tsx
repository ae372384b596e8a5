import clsx from 'clsx';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

type Tone = 'dark' | 'light';

function LogoMark({ tone }: { tone: Tone }) {
  const [tile, pin] = tone === 'dark' ? ['#00594f', '#ffffff'] : ['#ffffff', '#003d36'];
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className="size-9">
      <rect width="32" height="32" rx="7" fill={tile} />
      <path
        d="M16 6c-4.4 0-8 3.4-8 7.7C8 19.5 16 26 16 26s8-6.5 8-12.3C24 9.4 20.4 6 16 6Zm0 10.6a3 3 0 1 1 0-6 3 3 0 0 1 0 6Z"
        fill={pin}
      />
    </svg>
  );
}

export function Logo({ tone = 'dark' }: { tone?: Tone }) {
  const textColour =
    tone === 'dark' ? 'text-brand visited:text-brand' : 'text-white visited:text-white';
  return (
    <div>
      <Link
        to={paths.home}
        className={`inline-flex min-h-11 items-center gap-2 text-3xl font-extrabold no-underline ${textColour}`}
      >
        <LogoMark tone={tone} />
        <span>
          Locals <span className="sr-only">home page</span>
        </span>
      </Link>
      {/* Left out of a phone's header, where the first screen is for the page (decision 036). */}
      <p className={clsx('text-sm', tone === 'dark' ? 'text-muted max-md:hidden' : 'text-white')}>
        Locals helping locals
      </p>
    </div>
  );
}
