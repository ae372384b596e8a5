import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildService } from '@/testing/factories';
import type { MappedService } from '../map-geometry';
import { MarkerPopup } from './marker-popup';

function mapped(overrides: Parameters<typeof buildService>[0] = {}): MappedService {
  return { ...buildService(overrides), coordinates: { lat: 51.5, lng: -0.14 } };
}

describe('MarkerPopup', () => {
  it('shows the name, distance, at most 3 service types and at most 5 hearts', () => {
    render(
      <MarkerPopup
        service={mapped({
          name: 'Pimlico Pharmacy',
          distance: '0.8 miles',
          serviceTypes: ['Pharmacy', 'Flu jabs', 'Blood pressure', 'Contraception'],
          recommendations: 9,
        })}
        onOpenService={() => {}}
      />,
    );

    expect(screen.getByRole('heading', { name: 'Pimlico Pharmacy' })).toBeInTheDocument();
    expect(screen.getByText('0.8 miles away')).toBeInTheDocument();
    const types = within(screen.getByRole('list', { name: 'Service types' })).getAllByRole(
      'listitem',
    );
    expect(types.map((item) => item.textContent)).toEqual([
      'Pharmacy',
      'Flu jabs',
      'Blood pressure',
    ]);
    expect(screen.getByText('9 recommendations')).toBeInTheDocument();
    expect(screen.getByText('♥♥♥♥♥')).toBeInTheDocument();
    expect(screen.getByText('+4')).toBeInTheDocument();
  });

  it('leaves out what the service does not have', () => {
    render(
      <MarkerPopup
        service={mapped({ distance: null, serviceTypes: [], recommendations: 0 })}
        onOpenService={() => {}}
      />,
    );

    expect(screen.queryByText(/away/)).not.toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(screen.queryByText(/recommendation/)).not.toBeInTheDocument();
  });

  it('opens the full details from its button', async () => {
    const service = mapped({ name: 'Pimlico Pharmacy' });
    const onOpenService = vi.fn();
    render(<MarkerPopup service={service} onOpenService={onOpenService} />);

    await userEvent.click(screen.getByRole('button', { name: 'More info about Pimlico Pharmacy' }));

    expect(onOpenService).toHaveBeenCalledWith(service);
  });
});
