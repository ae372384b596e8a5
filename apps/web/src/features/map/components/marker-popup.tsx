import { Button } from '@/components/ui/button';
import { POPUP_CHIP_LIMIT } from '../map-geometry';
import type { MappedService } from '../map-geometry';
import { PopupHearts } from './popup-hearts';

type MarkerPopupProps = { service: MappedService; onOpenService: (service: MappedService) => void };

export function MarkerPopup({ service, onOpenService }: MarkerPopupProps) {
  const chips = service.serviceTypes.slice(0, POPUP_CHIP_LIMIT);
  return (
    <div className="space-y-2 text-ink">
      <h2 className="text-lg font-bold">{service.name}</h2>
      {service.distance && <p className="font-semibold">{service.distance} away</p>}
      {chips.length > 0 && (
        <ul aria-label="Service types" className="flex flex-wrap gap-1">
          {chips.map((type) => (
            <li key={type} className="rounded-full bg-brand-light px-2 text-sm text-brand-dark">
              {type}
            </li>
          ))}
        </ul>
      )}
      <PopupHearts count={service.recommendations} />
      <Button className="w-full" onClick={() => onOpenService(service)}>
        More info <span className="sr-only">about {service.name}</span>
      </Button>
    </div>
  );
}
