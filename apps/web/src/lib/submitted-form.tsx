import type { SubmittedForm } from '@locals/contracts/page-forms';
import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';

/**
 * A form sent without JavaScript that the server answered with its page again (decision 036):
 * what was typed and what went wrong. It comes with the page (in its state on the browser), so
 * the app takes over the same page, and holds only for that first page: the router's first
 * location has the key "default", on the server and in the browser.
 */
const SubmittedFormContext = createContext<SubmittedForm | null>(null);

export function SubmittedFormProvider({
  form,
  children,
}: {
  form: SubmittedForm | null;
  children: ReactNode;
}) {
  return <SubmittedFormContext value={form}>{children}</SubmittedFormContext>;
}

export function useSubmittedForm(name: SubmittedForm['form']): SubmittedForm | null {
  const form = useContext(SubmittedFormContext);
  const isFirstPage = useLocation().key === 'default';
  return form?.form === name && isFirstPage ? form : null;
}
