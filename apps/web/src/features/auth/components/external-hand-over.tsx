import { buttonClassName } from '@/components/ui/button';
import { linkButtonClassName } from './link-button';

type ExternalHandOverProps = {
  /** Where the identity provider does this; null when it does not say. */
  url: string | null;
  action: 'register' | 'reset';
  onBackToSignIn: () => void;
};

const TEXTS = {
  register: {
    explanation: 'Accounts are created on the secure sign-in service Locals uses.',
    link: 'Create an account',
  },
  reset: {
    explanation: 'Passwords are reset on the secure sign-in service Locals uses.',
    link: 'Reset your password',
  },
};

/** With an external identity provider, registering and resetting happen on its own pages. */
export function ExternalHandOver({ url, action, onBackToSignIn }: ExternalHandOverProps) {
  const text = TEXTS[action];
  return (
    <div>
      <p className="mb-4 text-lg">{text.explanation}</p>
      {url ? (
        <a href={url} className={buttonClassName('primary', 'mb-4 w-full')}>
          {text.link}
        </a>
      ) : (
        <p className="mb-4 text-lg">Choose &lsquo;Login or Register&rsquo; to continue there.</p>
      )}
      <p className="text-lg">
        <button type="button" className={linkButtonClassName} onClick={onBackToSignIn}>
          Back to sign in
        </button>
      </p>
    </div>
  );
}
