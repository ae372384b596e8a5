import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildHelpline } from '@/testing/factories';
import { HelplineList } from './helpline-list';

describe('HelplineList', () => {
  it('shows each helpline with a number to call, its hours and what it helps with', () => {
    render(
      <HelplineList
        helplines={[
          buildHelpline(),
          buildHelpline({
            id: 'shout-85258',
            organisation: 'Mental Health Innovations',
            service: 'Shout 85258 text support',
            phone: null,
            text: '85258 (text the word SHOUT)',
            hours: '24/7',
            helpsWith: 'Free text-message support for anyone who is struggling to cope',
          }),
        ]}
      />,
    );

    const section = screen.getByRole('region', { name: 'National helplines' });
    expect(within(section).getByText(/These are national services, not local ones/)).toBeVisible();
    expect(
      within(section).getByText('In an emergency, or if a life is at risk, call 999.'),
    ).toBeVisible();
    const [samaritans, shout] = within(section).getAllByRole('listitem');

    expect(within(samaritans!).getByRole('heading', { level: 3 })).toHaveTextContent(
      'Samaritans helpline',
    );
    expect(within(samaritans!).getByText('Samaritans')).toBeVisible();
    expect(
      within(samaritans!).getByRole('link', { name: '116 123, Samaritans helpline' }),
    ).toHaveAttribute('href', 'tel:116123');
    expect(within(samaritans!).getByText('24 hours a day, every day')).toBeVisible();
    expect(within(samaritans!).getByText(/struggling to cope and needs someone/)).toBeVisible();
    expect(within(samaritans!).getByText('UK-wide')).toBeVisible();

    // A text-only line has no phone link, and says how to text.
    expect(within(shout!).queryByRole('link')).not.toBeInTheDocument();
    expect(within(shout!).getByText('Text')).toBeVisible();
    expect(within(shout!).getByText('85258 (text the word SHOUT)')).toBeVisible();
  });

  it('nests its headings one level down inside a dialog', () => {
    render(<HelplineList helplines={[buildHelpline()]} headingLevel={3} heading="Who can help" />);

    expect(screen.getByRole('heading', { level: 3, name: 'Who can help' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 4, name: 'Samaritans helpline' })).toBeVisible();
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
});
