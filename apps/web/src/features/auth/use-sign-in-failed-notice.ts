import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useToast } from '@/components/ui/toast-context';

/** The server sends a failed sign-in back to /?signin=failed: say so once, then tidy the URL. */
export function useSignInFailedNotice(): void {
  const [searchParams, setSearchParams] = useSearchParams();
  const { toast } = useToast();
  const hasFailed = searchParams.get('signin') === 'failed';

  useEffect(() => {
    if (!hasFailed) return;
    toast({
      title: 'Sign-in failed',
      description: 'Something went wrong while signing you in. Please try again.',
      variant: 'destructive',
    });
    setSearchParams(
      (params) => {
        params.delete('signin');
        return params;
      },
      { replace: true },
    );
  }, [hasFailed, toast, setSearchParams]);
}
