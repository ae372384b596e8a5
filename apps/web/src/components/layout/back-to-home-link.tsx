import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

export function BackToHomeLink() {
  return (
    <Link to={paths.home} className="mb-6 inline-flex min-h-11 items-center gap-1 text-lg">
      <ArrowLeft aria-hidden="true" className="size-5" />
      Back to Home
    </Link>
  );
}
