import { useState } from 'react';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { useToast } from '@/components/ui/toast-context';
import { isApiError } from '@/lib/api-client';
import { useSubmissionDraft } from '@/lib/use-submission-draft';
import { useApplyToListService } from '../api/apply-to-list-service';
import { EMPTY_APPLICATION, firstErrors, firstIssues } from '../application-fields';
import type { ApplicationErrors, ApplicationFieldName } from '../application-fields';
import { ApplicationForm } from './application-form';

type ListServiceDialogProps = { isOpen: boolean; onOpenChange: (isOpen: boolean) => void };

export function ListServiceDialog({ isOpen, onOpenChange }: ListServiceDialogProps) {
  // Held here, outside the dialog content, so a draft survives closing and reopening.
  const draft = useSubmissionDraft(EMPTY_APPLICATION);
  const values = draft.value;
  const [errors, setErrors] = useState<ApplicationErrors>({});
  const [failedAttempt, setFailedAttempt] = useState(0);
  const apply = useApplyToListService();
  const { toast } = useToast();

  function showErrors(nextErrors: ApplicationErrors) {
    setErrors(nextErrors);
    setFailedAttempt((attempt) => attempt + 1);
  }

  async function submit() {
    // Loaded on first submit, as the route loads it: the page itself carries no zod.
    const { ProviderApplicationSchema } = await import('@locals/contracts/list-service');
    const parsed = ProviderApplicationSchema.safeParse(values);
    if (!parsed.success) {
      showErrors(firstIssues(parsed.error.issues));
      return;
    }
    setErrors({});
    const idempotencyKey = draft.submissionKey();
    apply.mutate(
      { application: parsed.data, idempotencyKey },
      {
        onSuccess: (response) => {
          toast({
            title: 'Application Submitted!',
            description:
              response.message ||
              "We'll review your application and get back to you within 2-3 business days.",
          });
          if (draft.finish(idempotencyKey)) onOpenChange(false);
        },
        onError: (error) => {
          if (isApiError(error) && error.status === 400) showErrors(firstErrors(error.fieldErrors));
          toast({
            title: 'Submission Error',
            description: error.message || 'Failed to submit application. Please try again.',
            variant: 'destructive',
          });
        },
      },
    );
  }

  function updateField(name: ApplicationFieldName, value: string) {
    draft.setValue((current) => ({ ...current, [name]: value }));
  }

  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogContent
        size="large"
        title="List Your Service"
        description="Tell us about your organisation. We check every application and reply within 2-3 business days. All fields are required unless marked optional."
      >
        <ApplicationForm
          values={values}
          errors={errors}
          failedAttempt={failedAttempt}
          isSubmitting={apply.isPending}
          onChange={updateField}
          onSubmit={() => void submit()}
        />
      </DialogContent>
    </Dialog>
  );
}
