/** The audit log's actions in words; an action not named here shows as recorded. */
const ACTION_LABELS: Record<string, string> = {
  'approve-application': 'Approved application',
  'reject-application': 'Rejected application',
  'create-listing': 'Created listing',
  'accept-suggestion': 'Accepted suggestion',
  'reject-suggestion': 'Rejected suggestion',
  'provider-edit': 'Provider edited listing',
  'revert-provider-edit': 'Reverted provider edit',
  'claim-listing': 'Provider claimed listing',
  'confirm-listing': 'Provider confirmed listing is correct',
  'renew-link': 'Emailed a new link in place of an expired one',
  'renew-link-unsent': 'Could not email the new link: withdrawn',
  'grant-moderator': 'Made a moderator',
  'revoke-moderator': 'Stopped being a moderator',
};

export function actionLabel(action: string): string {
  return ACTION_LABELS[action] ?? action;
}
