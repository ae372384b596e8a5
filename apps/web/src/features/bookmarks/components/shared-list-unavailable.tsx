import { Link } from 'react-router';
import { paths } from '@/config/paths';

/** The owner stopped sharing (the API answers 404): say so without hinting whose list it was. */
export function SharedListUnavailable() {
  return (
    <div className="max-w-prose text-lg">
      <p className="mb-3 font-bold">This shared list is no longer available.</p>
      <p>
        The person who shared it may have stopped sharing. You can still{' '}
        <Link to={paths.search}>search for services near you</Link>.
      </p>
    </div>
  );
}
