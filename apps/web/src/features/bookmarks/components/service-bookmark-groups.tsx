import type { ServiceBookmark } from '@locals/contracts/bookmarks';
import { useId } from 'react';
import { OTHER_GROUP, groupBy } from './group-by';
import { RemoveBookmarkButton } from './remove-bookmark-button';
import { ServiceListItem } from './service-list-item';

type ServiceBookmarkGroupsProps = {
  bookmarks: ServiceBookmark[];
  onOpenService: (serviceId: string) => void;
  onRemoved: () => void;
};

/** Spec 2: services grouped by their first service type, 'Other' when they have none. */
export function ServiceBookmarkGroups({
  bookmarks,
  onOpenService,
  onRemoved,
}: ServiceBookmarkGroupsProps) {
  const idPrefix = useId();
  const groups = groupBy(bookmarks, (bookmark) => bookmark.service.serviceTypes[0] ?? OTHER_GROUP);
  return (
    <section aria-labelledby="bookmarked-services" className="mb-8">
      <h2 id="bookmarked-services" className="mb-4 text-3xl font-bold print:hidden">
        Services
      </h2>
      {groups.map(([group, items], index) => (
        <section key={group} aria-labelledby={`${idPrefix}-${index}`} className="mb-6">
          <h3 id={`${idPrefix}-${index}`} className="mb-3 text-2xl font-bold">
            {group}
          </h3>
          <ul className="space-y-3 print:space-y-0">
            {items.map(({ service }) => (
              <li key={service.id}>
                <ServiceListItem
                  service={service}
                  headingLevel={4}
                  onOpen={onOpenService}
                  action={
                    <RemoveBookmarkButton
                      type="service"
                      id={service.id}
                      name={service.name}
                      onRemoved={onRemoved}
                    />
                  }
                />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}
