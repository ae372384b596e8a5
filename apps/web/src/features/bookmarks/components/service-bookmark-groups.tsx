import type { ServiceBookmark } from '@locals/contracts/bookmarks';
import { OTHER_GROUP } from './group-by';
import { GroupedList } from './grouped-list';
import { RemoveBookmarkButton } from './remove-bookmark-button';
import { ServiceListItem } from './service-list-item';
import { HeadedSection } from '@/components/ui/headed-section';

type ServiceBookmarkGroupsProps = {
  bookmarks: ServiceBookmark[];
  onOpenService: (serviceId: string) => void;
  onRemoved: () => void;
};

/** Services grouped by their first service type, 'Other' when they have none. */
export function ServiceBookmarkGroups({
  bookmarks,
  onOpenService,
  onRemoved,
}: ServiceBookmarkGroupsProps) {
  return (
    <HeadedSection
      headingId="bookmarked-services"
      heading="Services"
      headingClassName="mb-4 text-3xl font-bold print:hidden"
      className="mb-8"
    >
      <GroupedList
        items={bookmarks}
        groupOf={(bookmark) => bookmark.service.serviceTypes[0] ?? OTHER_GROUP}
        keyOf={({ service }) => service.id}
        listClassName="space-y-3 print:space-y-0"
        renderItem={({ service }) => (
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
        )}
      />
    </HeadedSection>
  );
}
