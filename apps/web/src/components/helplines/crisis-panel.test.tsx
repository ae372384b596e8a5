import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '@/testing/axe';
import { buildCrisis, buildHelpline } from '@/testing/factories';
import { CrisisPanel } from './crisis-panel';

function follows(first: Element, second: Element): boolean {
  return Boolean(first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING);
}

describe('CrisisPanel', () => {
  it('offers 999 first, then Samaritans, Shout and NHS 111 option 2, each a tap away', async () => {
    render(<CrisisPanel crisis={buildCrisis()} />);

    const panel = screen.getByRole('region', { name: 'If your life is at risk, get help now' });
    expect(
      within(panel).getByText('Call 999 if you are in immediate danger or have hurt yourself.'),
    ).toBeVisible();
    const call999 = within(panel).getByRole('link', { name: 'Call 999' });
    const samaritans = within(panel).getByRole('link', {
      name: 'Call 116 123, Samaritans helpline',
    });
    const shout = within(panel).getByRole('link', {
      name: 'Text SHOUT to 85258, Shout 85258 text support',
    });
    const nhs111 = within(panel).getByRole('link', {
      name: 'Call 111, NHS 111 mental health option',
    });
    expect(call999).toHaveAttribute('href', 'tel:999');
    expect(samaritans).toHaveAttribute('href', 'tel:116123');
    expect(shout).toHaveAttribute('href', 'sms:85258?body=SHOUT');
    expect(nhs111).toHaveAttribute('href', 'tel:111');
    expect(follows(call999, samaritans)).toBe(true);
    expect(follows(samaritans, shout)).toBe(true);
    expect(follows(shout, nhs111)).toBe(true);
    for (const link of [call999, samaritans, shout, nhs111]) expect(link).toHaveClass('min-h-11');

    const nhsLine = nhs111.closest('li')!;
    expect(
      within(nhsLine).getByText('When you call 111, choose option 2, for mental health.'),
    ).toBeVisible();
    expect(within(nhsLine).getByText('For people in England only')).toBeVisible();
    expect(within(panel).getByText('24 hours a day, every day')).toBeVisible();
    expect(
      within(panel).getByText(
        'You do not have to go through this alone. You can talk to someone now, day or night:',
      ),
    ).toBeVisible();
    await expectNoAxeViolations();
  });

  it('shows the lines it is given: outside England there is no NHS 111 option', () => {
    const [samaritans, shout] = buildCrisis().lines;
    render(<CrisisPanel crisis={buildCrisis({ lines: [samaritans!, shout!] })} />);

    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByText(/111/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Call 999' })).toHaveAttribute('href', 'tel:999');
  });

  it('says where to check the hours of a line whose hours are not confirmed', () => {
    const line = buildHelpline({ hours: null, open24Hours: false });
    render(<CrisisPanel crisis={buildCrisis({ lines: [line] })} />);

    expect(
      screen.getByRole('link', { name: 'Check the hours on the Samaritans website' }),
    ).toHaveAttribute('href', line.sourceUrls[0]);
    expect(
      screen.getByText('You do not have to go through this alone. You can talk to someone:'),
    ).toBeVisible();
    expect(screen.queryByText(/day or night/)).not.toBeInTheDocument();
  });

  it('is never styled as an error: no alert role and no danger colours', () => {
    render(<CrisisPanel crisis={buildCrisis()} />);

    const panel = screen.getByRole('region');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(panel.className).not.toMatch(/danger/);
    expect(panel.querySelector('[class*="danger"]')).toBeNull();
  });
});
