import { Heart } from 'lucide-react';
import { HEART_LIMIT, plural } from '../service-text';

export function RecommendationHearts({ count }: { count: number }) {
  if (count <= 0) return null;
  const shown = Math.min(count, HEART_LIMIT);
  return (
    <p className="flex items-center gap-0.5 text-danger">
      <span className="sr-only">{plural(count, 'recommendation')}</span>
      {Array.from({ length: shown }, (_, index) => (
        <Heart key={index} aria-hidden="true" className="size-5 fill-current" />
      ))}
      {count > HEART_LIMIT && (
        <span aria-hidden="true" className="ml-1 font-bold">
          +{count - HEART_LIMIT}
        </span>
      )}
    </p>
  );
}
