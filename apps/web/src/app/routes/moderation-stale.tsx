import { ModeratorOnly } from './moderation-access';

export function ModerationStaleRoute() {
  return (
    <ModeratorOnly>
      <h1 className="mb-6 text-4xl font-extrabold">Moderation</h1>
    </ModeratorOnly>
  );
}
