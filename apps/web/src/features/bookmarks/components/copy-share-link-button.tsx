import { Copy } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useCopyLink } from '@/components/ui/use-copy-link';

export function CopyShareLinkButton({ url }: { url: string }) {
  const copyLink = useCopyLink();

  return (
    <Button
      variant="secondary"
      onClick={() => void copyLink(url, 'Share link has been copied to clipboard.')}
    >
      <Copy aria-hidden="true" className="size-5" />
      Copy link
    </Button>
  );
}
