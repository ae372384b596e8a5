import { Link2 } from 'lucide-react';
import { useCopyLink } from '@/components/ui/use-copy-link';
import { analytics } from '@/lib/analytics';

/** `url` may be relative to the page: the copied link is always absolute. */
type CopyLinkButtonProps = { serviceId: string; serviceName: string; url: string };

export function CopyLinkButton({ serviceId, serviceName, url }: CopyLinkButtonProps) {
  const copyLink = useCopyLink();

  async function copy() {
    if (
      await copyLink(
        new URL(url, window.location.href).href,
        'Service link has been copied to clipboard.',
      )
    ) {
      analytics.track('select_content', { content_type: 'service_link', item_id: serviceId });
    }
  }

  return (
    <button type="button" className={cardActionClassName} onClick={() => void copy()}>
      <Link2 aria-hidden="true" className="size-5" />
      Copy link <span className="sr-only">to {serviceName}</span>
    </button>
  );
}

/** Layout shared by every card action; colours are added separately so they never compete. */
export const cardActionBaseClassName =
  'inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded border-2 px-2 font-semibold';

export const cardActionClassName = `${cardActionBaseClassName} cursor-pointer border-line bg-white text-ink hover:bg-surface`;
