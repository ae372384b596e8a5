import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildService } from '@/testing/factories';
import { renderWithProviders } from '@/testing/render';
import { ServiceCard } from './service-card';

function renderCard(overrides: Parameters<typeof buildService>[0] = {}, isSample = false) {
  const onMoreInfo = vi.fn();
  renderWithProviders(
    <ServiceCard
      service={buildService({ name: 'Harbourside Food Bank', ...overrides })}
      isSample={isSample}
      shareUrl="http://localhost/results?serviceId=demo%3Afood-bs1-1"
      onMoreInfo={onMoreInfo}
    />,
  );
  return { onMoreInfo };
}

describe('ServiceCard', () => {
  it.each([
    ['a'.repeat(150), 'a'.repeat(150)],
    ['a'.repeat(151), `${'a'.repeat(150)}…`],
    [`${'a'.repeat(149)} bcd`, `${'a'.repeat(149)}…`],
  ])('truncates descriptions over 150 characters (%#)', async (description, shown) => {
    renderCard({ description });
    expect(await screen.findByText(shown)).toBeInTheDocument();
  });

  it.each([
    [['0117 1'], ['0117 1'], null],
    [['0117 1', '0117 2'], ['0117 1', '0117 2'], null],
    [['0117 1', '0117 2', '0117 3', '0117 4'], ['0117 1', '0117 2'], '+2 more in details'],
  ])('shows at most 2 phone numbers as tel: links (%#)', async (phones, shown, more) => {
    renderCard({ phones, phone: phones.join(', ') });
    const links = await screen.findAllByRole('link', { name: /^0117/ });
    expect(links.map((link) => link.textContent)).toEqual(shown);
    expect(links[0]).toHaveAttribute('href', 'tel:01171');
    if (more) expect(screen.getByText(more)).toBeInTheDocument();
    else expect(screen.queryByText(/more in details/)).not.toBeInTheDocument();
  });

  it('reads a comma-separated phone when the list is empty', async () => {
    renderCard({ phones: [], phone: '0117 1, 0117 2, 0117 3' });
    expect(await screen.findByText('+1 more in details')).toBeInTheDocument();
  });

  it.each([
    [3, 3, null, '3 recommendations'],
    [5, 5, null, '5 recommendations'],
    [7, 5, '+2', '7 recommendations'],
  ])('%i recommendations show %i hearts (extra: %s)', async (count, hearts, extra, text) => {
    renderCard({ recommendations: count });
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(document.querySelectorAll('.lucide-heart')).toHaveLength(hearts);
    if (extra) expect(screen.getByText(extra)).toBeInTheDocument();
  });

  it('shows the badges, distance, address, rating and service types', async () => {
    renderCard({ isDemo: true, verified: true, serviceTypes: ['Food bank', 'Advice'] });
    expect(await screen.findByText('Demo listing')).toBeInTheDocument();
    expect(screen.getByText('Verified')).toBeInTheDocument();
    expect(screen.getByText('0.4 miles away')).toBeInTheDocument();
    expect(screen.getByText('1 Harbour Road, Bristol, BS1 4DJ')).toBeInTheDocument();
    expect(screen.getByText('Rated 4.5 out of 5 (12 reviews)')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Service types' })).toHaveTextContent(
      'Food bankAdvice',
    );
  });

  it.each([
    ['Save Harbourside Food Bank', 'Login required'],
    ['Notes on Harbourside Food Bank', 'Login required'],
    ['Thumbs up for Harbourside Food Bank', 'Login required to vote'],
    ['Thumbs down for Harbourside Food Bank', 'Login required to vote'],
  ])('dims "%s" for signed-out visitors with the tooltip "%s"', async (name, tooltip) => {
    renderCard();
    const user = userEvent.setup();
    const control = await screen.findByRole('button', { name });

    expect(control).toHaveAttribute('aria-disabled', 'true');
    expect(control).toHaveAccessibleDescription(tooltip);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    await user.hover(control);
    expect(screen.getByRole('tooltip', { name: tooltip })).toBeVisible();
    await user.unhover(control);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();

    // Still focusable, so keyboard users meet the tooltip too; Escape dismisses it.
    act(() => control.focus());
    expect(screen.getByRole('tooltip', { name: tooltip })).toBeVisible();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('opens the details from MORE INFO', async () => {
    const { onMoreInfo } = renderCard();
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'MORE INFO about Harbourside Food Bank' }),
    );
    expect(onMoreInfo).toHaveBeenCalledWith('demo:food-bs1-1');
  });

  it('labels sample data and offers no actions on it', async () => {
    renderCard({ name: 'Sample service 1', isDemo: true }, true);
    expect(await screen.findByText('Sample data')).toBeInTheDocument();
    expect(screen.queryByText('Demo listing')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
