import { useLayoutEffect, useRef } from 'react';

/**
 * A problem with the whole form rather than one field (a lost connection, a server error): said
 * at the top, like the error summary, and focused so a screen reader hears it at once.
 */
export function FormProblem({ messages }: { messages: string[] }) {
  const ref = useRef<HTMLDivElement>(null);
  const signature = messages.join('\n');
  useLayoutEffect(() => {
    if (signature) ref.current?.focus();
  }, [signature]);

  if (messages.length === 0) return null;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      aria-labelledby="form-problem-title"
      className="mb-6 border-4 border-danger p-4 focus:outline-3 focus:outline-focus"
    >
      <h2 id="form-problem-title" className="mb-2 text-xl font-bold">
        There is a problem
      </h2>
      {messages.map((message) => (
        <p key={message} className="text-lg">
          {message}
        </p>
      ))}
    </div>
  );
}
