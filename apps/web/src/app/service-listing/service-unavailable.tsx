import { useHelplines } from '@/components/helplines/get-helplines';
import { HelplineList } from '@/components/helplines/helpline-list';
import { Button } from '@/components/ui/button';
import { isApiError } from '@/lib/api-client';

/**
 * A 404, or a 400 for an id no service could have (a mangled shared link): asking again
 * cannot change the answer, so there is nothing to try again.
 */
export function isServiceMissing(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 400);
}

/** The dialog's title and (announced) description when the details cannot be shown. */
export function unavailableText(error: unknown): { title: string; message: string } {
  if (isServiceMissing(error)) {
    return {
      title: 'Service not found',
      message: 'We could not find this service. It may have been removed from Locals.',
    };
  }
  const isOffline = isApiError(error) && error.status === 0;
  return {
    title: 'Sorry, there is a problem',
    message: `We could not load this service's details. ${
      isOffline ? 'Check your internet connection and try again.' : 'Try again in a few minutes.'
    }`,
  };
}

type ServiceUnavailableProps = { error: unknown; onTryAgain: () => void };

/**
 * Below the message: Try again when it might help, then every national helpline, so a person
 * who reached a dead end still has somewhere to turn. If the helplines cannot load either,
 * nothing more is said: one error is enough.
 */
export function ServiceUnavailable({ error, onTryAgain }: ServiceUnavailableProps) {
  const helplines = useHelplines({}).data?.helplines ?? [];
  return (
    <>
      {!isServiceMissing(error) && (
        <Button onClick={onTryAgain} className="mb-6">
          Try again
        </Button>
      )}
      <HelplineList helplines={helplines} headingLevel={3} heading="Other places to get help" />
    </>
  );
}
