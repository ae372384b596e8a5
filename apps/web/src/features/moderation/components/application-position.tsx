import type { ClientConfig } from '@locals/contracts/client-config';
import type { ApplicationDetail } from '@locals/contracts/moderation';
import { LazyPositionMap } from './lazy-position-map';

type ApplicationPositionProps = {
  application: ApplicationDetail;
  tiles: ClientConfig['map'] | null;
};

export function ApplicationPosition({ application, tiles }: ApplicationPositionProps) {
  const { position, postcode } = application;
  return (
    <section aria-labelledby="position-heading" className="mb-8">
      <h2 id="position-heading" className="mb-2 text-2xl font-bold">
        Where it is
      </h2>
      {position ? (
        <>
          <p className="mb-2 text-lg">The postcode {postcode} is at the centre of this map.</p>
          <LazyPositionMap
            latitude={position.latitude}
            longitude={position.longitude}
            tiles={tiles}
            label={`Map of postcode ${postcode ?? ''}`}
          />
        </>
      ) : (
        <p className="text-lg">
          Locals could not place {postcode ?? 'this address'} on the map.
          {postcode ? '' : ' The address has no full postcode.'}
        </p>
      )}
    </section>
  );
}
