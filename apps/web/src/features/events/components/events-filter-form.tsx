import {
  EVENT_DISTANCE_OPTIONS,
  EVENT_FILTER_CATEGORIES,
} from '@locals/contracts/event-categories';
import { Search } from 'lucide-react';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { Button, buttonClassName } from '@/components/ui/button';
import { ErrorSummary } from '@/components/ui/error-summary';
import { PostcodeField, SelectField, SelectOptions, TextField } from '@/components/ui/field';
import { paths } from '@/config/paths';
import type { EventFilterField, FilterProblem } from '../api/search-events';
import { readEventFilters } from '../event-filters';
import type { EventFilters } from '../event-filters';

export const EVENT_FIELD_IDS: Record<EventFilterField, string> = {
  location: 'events-location',
  maxDistance: 'events-distance',
  date: 'events-date',
  category: 'events-category',
};

type EventsFilterFormProps = {
  filters: EventFilters;
  /** The API's reasons for refusing the filters in the URL, each beside its field. */
  problems: FilterProblem[];
  onSearch: (filters: EventFilters) => void;
};

/**
 * The filters as a plain GET form: without JavaScript the browser sends the same address
 * the app goes to (decision 018). Its fields start from the URL; the page gives the form a new key
 * when the URL changes, so Clear Filters and Back empty or refill them.
 */
export function EventsFilterForm({ filters, problems, onSearch }: EventsFilterFormProps) {
  /** A field's id, name and the API's reason for refusing it. */
  const field = (name: EventFilterField) => ({
    id: EVENT_FIELD_IDS[name],
    name,
    error: problems.find((problem) => problem.field === name)?.message,
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // What the browser would have sent, read the same way as the URL it would have gone to.
    const sent = new URLSearchParams();
    for (const [name, value] of new FormData(event.currentTarget)) {
      if (typeof value === 'string') sent.set(name, value);
    }
    onSearch({ ...readEventFilters(sent), page: 1 });
  }

  return (
    <form
      noValidate
      method="get"
      action={paths.events}
      onSubmit={handleSubmit}
      aria-label="Filter events"
      className="mb-8 rounded bg-surface p-4"
    >
      <ErrorSummary
        errors={problems.map((problem) => ({
          fieldId: EVENT_FIELD_IDS[problem.field],
          message: problem.message,
        }))}
      />
      <div className="grid gap-x-6 sm:grid-cols-2 lg:grid-cols-4">
        <PostcodeField
          {...field('location')}
          label="Postcode"
          hint="For example BS5 6XX. Leave blank for events everywhere."
          defaultValue={filters.location}
        />
        <SelectField
          {...field('maxDistance')}
          label="Distance"
          hint="Only used with a postcode."
          defaultValue={String(filters.maxDistance)}
        >
          {EVENT_DISTANCE_OPTIONS.map((miles) => (
            <option key={miles} value={String(miles)}>
              {miles} {miles === 1 ? 'mile' : 'miles'}
            </option>
          ))}
        </SelectField>
        <TextField
          {...field('date')}
          label="Date"
          hint="Leave blank for every upcoming date."
          type="date"
          defaultValue={filters.date}
        />
        <SelectField {...field('category')} label="Category" defaultValue={filters.category}>
          <SelectOptions any="All categories" options={EVENT_FILTER_CATEGORIES} />
        </SelectField>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit">
          <Search aria-hidden="true" className="size-5" />
          Find Events
        </Button>
        {/* A link: it works without JavaScript, and every filter lives in the URL. */}
        <Link to={paths.events} className={buttonClassName('secondary')}>
          Clear Filters
        </Link>
      </div>
    </form>
  );
}
