import type { ReactNode } from 'react';

const WAITING_CLASS = 'waiting-for-script';

type WaitingForScriptProps = {
  /** What is said while the app fetches the part ("Loading..."). */
  children: ReactNode;
  /** What needs the app, said instead where it cannot run: "Signing in". */
  needs: string;
};

/**
 * A status for a part only the app can fetch (the server cannot: its answer depends on a cookie
 * the page's address is not sent). Without JavaScript the status would stay for ever, so there
 * a <noscript> says what needs it, and hides the status (decision 036).
 */
export function WaitingForScript({ children, needs }: WaitingForScriptProps) {
  return (
    <>
      <p role="status" className={`${WAITING_CLASS} text-lg`}>
        {children}
      </p>
      <noscript>
        <style>{`.${WAITING_CLASS}{display:none}`}</style>
        <p className="text-lg">
          {needs} needs JavaScript, which is off or not working in this browser. Turn it on, or use
          another browser, and try again.
        </p>
      </noscript>
    </>
  );
}
