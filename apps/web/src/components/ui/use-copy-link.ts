import { useToast } from '@/components/ui/toast-context';

/**
 * Copies a link and says so in a toast ('Link Copied!' with what was copied, or 'Copy
 * Failed'). Resolves whether it worked, for callers that record the share.
 */
export function useCopyLink() {
  const { toast } = useToast();

  return async function copyLink(url: string, copiedDescription: string): Promise<boolean> {
    try {
      // navigator.clipboard is missing on insecure origins and some older phones.
      if (!navigator.clipboard) throw new Error('Clipboard unavailable');
      await navigator.clipboard.writeText(url);
    } catch {
      toast({
        title: 'Copy Failed',
        description: 'Unable to copy link to clipboard.',
        variant: 'destructive',
      });
      return false;
    }
    toast({ title: 'Link Copied!', description: copiedDescription });
    return true;
  };
}
