import { ProblemBox } from '@/components/ui/error-summary';

/**
 * A problem with the whole form rather than one field (a lost connection, a server error): said
 * at the top, like the error summary, and focused so a screen reader hears it at once.
 */
export function FormProblem({ messages }: { messages: string[] }) {
  if (messages.length === 0) return null;
  return (
    <ProblemBox titleId="form-problem-title" signature={messages.join('\n')}>
      {messages.map((message) => (
        <p key={message} className="text-lg">
          {message}
        </p>
      ))}
    </ProblemBox>
  );
}
