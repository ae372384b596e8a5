import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildServiceDetail } from '@/testing/factories';
import { jsonResponse, stubApi } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';
import { ServiceDetailDialog } from './service-detail-dialog';

const DETAIL = 'GET /api/services/demo%3Afood-bs1-1';
const IMAGES = ['/demo/photo-1.svg', '/demo/photo-2.svg', '/demo/photo-3.svg'];

function renderDetail(detail = buildServiceDetail()) {
  stubApi({ [DETAIL]: () => jsonResponse({ success: true, data: detail }) });
  const onClose = vi.fn();
  renderWithProviders(
    <ServiceDetailDialog serviceId="demo:food-bs1-1" distance={null} onClose={onClose} />,
  );
  return { onClose };
}

function row(label: string) {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling as HTMLElement;
}

describe('ServiceDetailDialog', () => {
  it('shows a loading state, then the details with N/A for what is missing', async () => {
    renderDetail(
      buildServiceDetail({ distance: null, phones: [], phone: null, openingHours: null }),
    );

    expect(screen.getByText('Loading service details...', { selector: 'p' })).toBeInTheDocument();
    await screen.findByRole('dialog', { name: 'Harbourside Food Bank' });

    for (const label of [
      'Provider',
      'Review date',
      'Full description',
      'Main services',
      'Other services',
      'Facilities',
      'Who We Serve',
      'Distance',
      'Phone',
      'Website',
      'Email',
      'Status details',
      'Opening hours',
      'Age range',
      'Accessibility',
      'Languages',
    ]) {
      expect(row(label)).toHaveTextContent('N/A');
    }
    expect(row('Status')).toHaveTextContent('Closed');
    expect(row('Verified')).toHaveTextContent('Yes');
  });

  it('shows the data that is there, including where it came from', async () => {
    renderDetail(
      buildServiceDetail({
        provider: 'Bristol City Council',
        status: 'open',
        serving: ['Families', 'Older people'],
        openingHours: 'staffed: Mon 09:00-17:00; Tue 10:00-16:00',
        ageRange: { min: 18, max: null },
        verificationStatus: 'checked by phone',
        provenance: {
          source: 'library',
          sourceName: 'Bristol Libraries open data',
          licence: 'OGL v3.0',
          lastUpdated: '2025-01-02',
        },
      }),
    );

    await screen.findByRole('dialog', { name: 'Harbourside Food Bank' });
    expect(row('Provider')).toHaveTextContent('Bristol City Council');
    expect(row('Status')).toHaveTextContent('Open');
    expect(within(row('Who We Serve')).getAllByRole('listitem')).toHaveLength(2);
    expect(
      within(row('Opening hours'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['staffed: Mon 09:00-17:00', 'Tue 10:00-16:00']);
    expect(row('Age range')).toHaveTextContent('18 years and over');
    expect(row('Verified')).toHaveTextContent('Yes (checked by phone)');
    expect(row('Source')).toHaveTextContent(
      'Bristol Libraries open data. Licence: OGL v3.0. Last updated 2 January 2025.',
    );
  });

  it('says so with a toast when the details cannot be loaded', async () => {
    stubApi({
      [DETAIL]: () => jsonResponse({ code: 'not_found', message: 'No such service' }, 404),
    });
    renderWithProviders(
      <ServiceDetailDialog serviceId="demo:food-bs1-1" distance={null} onClose={() => {}} />,
    );

    expect(await screen.findByText('Failed to load service details')).toBeInTheDocument();
  });

  it('asks signed-out visitors to log in to bookmark, with a toast', async () => {
    renderDetail();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Bookmark' }));

    expect(await screen.findByText('Authentication Required')).toBeInTheDocument();
    expect(screen.getByText('You must log in to bookmark services.')).toBeInTheDocument();
  });

  it('cycles photos both ways with wrap-around; Escape closes the lightbox, then the panel', async () => {
    const { onClose } = renderDetail(buildServiceDetail({ images: IMAGES }));
    const user = userEvent.setup();

    const thumbnail = await screen.findByRole('button', { name: 'Open photo 1 of 3' });
    await user.click(thumbnail);
    expect(await screen.findByRole('dialog', { name: 'Photo 1 of 3' })).toBeInTheDocument();

    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('dialog', { name: 'Photo 3 of 3' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Harbourside Food Bank (3 of 3)' })).toHaveAttribute(
      'src',
      '/demo/photo-3.svg',
    );
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('dialog', { name: 'Photo 1 of 3' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous photo' }));
    expect(screen.getByRole('dialog', { name: 'Photo 3 of 3' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next photo' }));
    await user.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(screen.getByRole('dialog', { name: 'Photo 2 of 3' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: /Photo/ })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('dialog', { name: 'Harbourside Food Bank' })).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(thumbnail).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
