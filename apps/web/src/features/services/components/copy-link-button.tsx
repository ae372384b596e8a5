import { Link2 } from 'lucide-react';
import { useToast } from '@/components/ui/toast-context';
import { analytics } from '@/lib/analytics';

type CopyLinkButtonProps = { serviceId: string; serviceName: string; url: string };

export function CopyLinkButton({ serviceId, serviceName, url }: CopyLinkButtonProps) {
  const { toast } = useToast();

  async function copy() {
    try {
      // navigator.clipboard is missing on insecure origins and some older phones.
      if (!navigator.clipboard) throw new Error('Clipboard unavailable');
      await navigator.clipboard.writeText(url);
      analytics.track('select_content', { content_type: 'service_link', item_id: serviceId });
      toast({ title: 'Link Copied!', description: 'Service link has been copied to clipboard.' });
    } catch {
      toast({
        title: 'Copy Failed',
        description: 'Unable to copy link to clipboard.',
        variant: 'destructive',
      });
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
