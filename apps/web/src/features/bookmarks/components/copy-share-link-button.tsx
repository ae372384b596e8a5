import { Copy } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast-context';

export function CopyShareLinkButton({ url }: { url: string }) {
  const { toast } = useToast();

  async function copy() {
    try {
      // navigator.clipboard is missing on insecure origins and some older phones.
      if (!navigator.clipboard) throw new Error('Clipboard unavailable');
      await navigator.clipboard.writeText(url);
      toast({ title: 'Link Copied!', description: 'Share link has been copied to clipboard.' });
    } catch {
      toast({
        title: 'Copy Failed',
        description: 'Unable to copy link to clipboard.',
        variant: 'destructive',
      });
    }
  }

  return (
    <Button variant="secondary" onClick={() => void copy()}>
      <Copy aria-hidden="true" className="size-5" />
      Copy link
    </Button>
  );
}
