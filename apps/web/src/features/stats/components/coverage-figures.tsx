import { displayFigure } from '@locals/contracts/display-figure';
import { usePublicStats } from '../api/get-public-stats';

/** Real counts only: each figure is left out until it is big enough to be worth saying. */
export function CoverageFigures() {
  const { data } = usePublicStats();
  if (!data) return null;

  const figures = [
    { figure: displayFigure(data.servicesListed, 50), label: 'services listed' },
    { figure: displayFigure(data.localAuthorities, 5), label: 'local authorities covered' },
  ].filter((item) => item.figure !== null);

  if (figures.length === 0) return null;

  return (
    <ul className="ml-0 flex list-none flex-wrap gap-4">
      {figures.map((item) => (
        <li key={item.label} className="rounded bg-brand-light px-5 py-4">
          <span className="block text-3xl font-extrabold text-brand">{item.figure}</span>
          <span>{item.label}</span>
        </li>
      ))}
    </ul>
  );
}
