import { POPUP_HEART_LIMIT } from '../map-geometry';

/**
 * Recommendation hearts, capped as on the cards. The map keeps its own small copy so the
 * results page does not have to split its card code into extra downloads.
 */
export function PopupHearts({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <p className="flex items-center gap-0.5 text-danger">
      <span className="sr-only">
        {count} {count === 1 ? 'recommendation' : 'recommendations'}
      </span>
      {/* A text heart, not the cards' icon: sharing that would split it into its own download. */}
      <span aria-hidden="true" className="text-xl leading-none tracking-wider">
        {'♥'.repeat(Math.min(count, POPUP_HEART_LIMIT))}
      </span>
      {count > POPUP_HEART_LIMIT && (
        <span aria-hidden="true" className="ml-1 font-bold">
          +{count - POPUP_HEART_LIMIT}
        </span>
      )}
    </p>
  );
}
