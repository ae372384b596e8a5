import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '@/testing/axe';
import { buildHelpline } from '@/testing/factories';
import { HelplineList } from './helpline-list';

const shout = buildHelpline({
  id: 'shout-85258',
  organisation: 'Mental Health Innovations',
  service: 'Shout 85258 text support',
  phone: null,
  text: '85258 (text the word SHOUT)',
  textHref: 'sms:85258?body=SHOUT',
  hours: '24/7',
  helpsWith: 'Free text-message support for anyone who is struggling to cope',
});

const stepChange = buildHelpline({
  id: 'stepchange',
  organisation: 'StepChange Debt Charity',
  service: 'StepChange debt advice line',
  phone: '0800 138 1111',
  hours: null,
  open24Hours: false,
  helpsWith: 'Free debt advice and debt solutions such as debt management plans',
  categories: ['socialcare'],
  nations: 'England',
  forWhom: 'For people in England only',
  sourceUrls: [
    'https://www.stepchange.org/debt-info/debt-collection/phone-calls-about-debt.aspx',
    'https://www.stepchange.org/about-us/who-we-help/carol.aspx',
  ],
});

describe('HelplineList', () => {
  it('shows each helpline with a number to call, its hours, who it is for and what it helps with', async () => {
    render(<HelplineList helplines={[buildHelpline(), shout]} />);

    const section = screen.getByRole('region', { name: 'National helplines' });
    expect(within(section).getByText(/These are national services, not local ones/)).toBeVisible();
    expect(section).toHaveTextContent('In an emergency, or if a life is at risk, call 999.');
    expect(within(section).getByRole('link', { name: '999' })).toHaveAttribute('href', 'tel:999');
    const [samaritans, text] = within(section).getAllByRole('listitem');

    expect(within(samaritans!).getByRole('heading', { level: 3 })).toHaveTextContent(
      'Samaritans helpline',
    );
    expect(within(samaritans!).getByText('Samaritans')).toBeVisible();
    expect(
      within(samaritans!).getByRole('link', { name: '116 123, Samaritans helpline' }),
    ).toHaveAttribute('href', 'tel:116123');
    expect(within(samaritans!).getByText('24 hours a day, every day')).toBeVisible();
    expect(within(samaritans!).getByText(/struggling to cope and needs someone/)).toBeVisible();
    expect(within(samaritans!).getByText('For people anywhere in the UK')).toBeVisible();
    // Who may call, in words: never the data's raw "Covers: UK-wide".
    expect(within(samaritans!).queryByText('UK-wide')).not.toBeInTheDocument();
    expect(within(samaritans!).queryByText('Covers')).not.toBeInTheDocument();

    // A text line is a link that opens the messages app with the word filled in.
    expect(
      within(text!).getByRole('link', { name: 'Text SHOUT to 85258, Shout 85258 text support' }),
    ).toHaveAttribute('href', 'sms:85258?body=SHOUT');
    expect(within(text!).queryByRole('link', { name: /^tel/ })).not.toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it('says where to check the hours when none are confirmed, never N/A or a blank', () => {
    render(<HelplineList helplines={[stepChange]} />);

    const item = screen.getByRole('listitem');
    expect(
      within(item).getByRole('link', {
        name: 'Check the hours on the StepChange Debt Charity website',
      }),
    ).toHaveAttribute(
      'href',
      'https://www.stepchange.org/debt-info/debt-collection/phone-calls-about-debt.aspx',
    );
    expect(within(item).getByText('For people in England only')).toBeVisible();
    expect(item).not.toHaveTextContent('N/A');
    for (const definition of within(item).getAllByRole('definition')) {
      expect(definition.textContent?.trim()).not.toBe('');
    }
  });

  it('keeps the 44px tap target on the numbers to call', () => {
    render(<HelplineList helplines={[buildHelpline(), shout]} />);

    for (const name of [/^116 123/, /^Text SHOUT/]) {
      expect(screen.getByRole('link', { name })).toHaveClass('min-h-11');
    }
  });

  it('nests its headings one level down inside a dialog', () => {
    render(<HelplineList helplines={[buildHelpline()]} headingLevel={3} heading="Who can help" />);

    expect(screen.getByRole('heading', { level: 3, name: 'Who can help' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 4, name: 'Samaritans helpline' })).toBeVisible();
  });

  it('says the notice above the lines, and a compact list leaves out the general words', () => {
    const notice = 'Locals has no debt line for Scotland yet. These lines serve the whole UK.';
    render(
      <HelplineList
        helplines={[buildHelpline()]}
        heading="Lines you can call"
        notice={notice}
        variant="compact"
      />,
    );

    const section = screen.getByRole('region', { name: 'Lines you can call' });
    expect(within(section).getByText(notice)).toBeVisible();
    expect(within(section).queryByText(/These are national services/)).not.toBeInTheDocument();
    expect(within(section).getByRole('link', { name: '999' })).toHaveAttribute('href', 'tel:999');
  });

  it("dials the server's tel: link, which says +44 for UK numbers", () => {
    render(
      <HelplineList
        helplines={[buildHelpline({ phone: '0800 58 58 58', phoneHref: 'tel:+44800585858' })]}
      />,
    );
    expect(screen.getByRole('link', { name: /0800 58 58 58/ })).toHaveAttribute(
      'href',
      'tel:+44800585858',
    );
  });

  it('shows nothing when there are no helplines', () => {
    const { container } = render(<HelplineList helplines={[]} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('still says a notice when no line fits', () => {
    render(<HelplineList helplines={[]} notice="Locals has no debt line for Scotland yet." />);
    expect(screen.getByText('Locals has no debt line for Scotland yet.')).toBeVisible();
  });
});
