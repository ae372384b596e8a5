import type { HelplinePlacement } from '@locals/contracts/helplines';
import type { SearchResponse } from '@locals/contracts/search';
import { HelplineList } from '@/components/helplines/helpline-list';

type Reply = Pick<SearchResponse, 'helplines' | 'helplinePlacement' | 'helplineNotice'>;

const HEADINGS: Record<HelplinePlacement, string> = {
  top: 'National helplines that can help',
  beside: 'Lines you can call',
  after: 'Lines you can call',
};

type SearchHelplinesProps = {
  reply: Reply;
  placement: HelplinePlacement;
  heading?: string;
  /** 3 inside a section that has its own h2. */
  headingLevel?: 2 | 3;
};

/**
 * The lines matched to a search's need, at one placement. Beside or after results they are
 * compact, so a phone screen keeps the results in view; at the top they are the answer.
 */
export function SearchHelplines({
  reply,
  placement,
  heading,
  headingLevel = 2,
}: SearchHelplinesProps) {
  return (
    <HelplineList
      helplines={reply.helplines}
      notice={reply.helplineNotice}
      heading={heading ?? HEADINGS[placement]}
      headingLevel={headingLevel}
      variant={placement === 'top' ? 'full' : 'compact'}
    />
  );
}
