import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { EMPTY_CRITERIA } from '@/lib/search-criteria';
import { AdvancedSearchForm } from './advanced-search-form';

describe('AdvancedSearchForm', () => {
  it('shows what the person chose before the URL has caught up with it', async () => {
    // CI caught the box unticking itself under load: the fields followed the URL, which changes
    // only when the router's navigation commits. Here the URL never changes at all.
    const onFilterChange = vi.fn();
    const onSearch = vi.fn();
    render(
      <AdvancedSearchForm
        criteria={EMPTY_CRITERIA}
        initialPostcode=""
        onFilterChange={onFilterChange}
        onSearch={onSearch}
      />,
    );
    const user = userEvent.setup();

    await user.type(screen.getByLabelText('Postcode (required)'), 'bs1 4dj');
    await user.selectOptions(screen.getByLabelText('Search radius'), '5');
    await user.selectOptions(screen.getByLabelText('Category'), 'housing');
    await user.click(screen.getByLabelText('Include unchecked listings'));
    await user.type(screen.getByLabelText('Keyword (optional)'), 'advice');

    expect(screen.getByLabelText('Search radius')).toHaveValue('5');
    expect(screen.getByLabelText('Category')).toHaveValue('housing');
    expect(screen.getByLabelText('Include unchecked listings')).toBeChecked();
    expect(onFilterChange).toHaveBeenCalledWith('includeUnverified', 'true');

    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).toHaveBeenCalledWith({
      ...EMPTY_CRITERIA,
      postcode: 'BS1 4DJ',
      distance: '5',
      category: 'housing',
      includeUnverified: true,
      keyword: 'advice',
    });
  });
});
