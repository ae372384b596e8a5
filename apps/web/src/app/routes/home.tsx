import { MapPin, ShieldCheck, Users } from 'lucide-react';
import { VERIFIED_MEANING } from '@/components/content/verification-wording';
import { useDocumentTitle } from '@/hooks/use-document-title';
import {
  LocationStatus,
  useAutomaticLocationDetection,
} from '@/features/location/components/location-status';
import { useDetectedLocation } from '@/features/location/location-context';
import { NewsletterSignup } from '@/features/newsletter/components/newsletter-signup';
import { CategoryTiles } from '@/features/search/components/category-tiles';
import { KeywordSearchForm } from '@/features/search/components/keyword-search-form';
import { useSubscriberFigure } from '@/features/stats/api/get-public-stats';
import { HydrateInTurn } from '@/components/hydrate-in-turn';
import { HeadedSection } from '@/components/ui/headed-section';

const VALUES = [
  {
    title: 'Verified Services',
    Icon: ShieldCheck,
    text: VERIFIED_MEANING,
  },
  {
    title: 'Hyperlocal Focus',
    Icon: MapPin,
    text: 'Search by postcode to find help in your own neighbourhood: places you can walk to or reach on one bus, not a national list.',
  },
  {
    title: 'Community Driven',
    Icon: Users,
    text: 'Local organisations list their own services, and people who use them help us keep the details right.',
  },
];

function ValueBlurbs() {
  return (
    <HeadedSection
      headingId="values-heading"
      heading="Why use Locals"
      headingClassName="mb-4 text-3xl font-bold"
    >
      <ul className="grid gap-6 md:grid-cols-3">
        {VALUES.map(({ title, Icon, text }) => (
          <li key={title} className="rounded bg-surface p-5">
            <Icon aria-hidden="true" className="mb-2 size-8 text-brand" />
            <h3 className="mb-2 text-xl font-bold">{title}</h3>
            <p className="text-lg">{text}</p>
          </li>
        ))}
      </ul>
    </HeadedSection>
  );
}

/** The search form, the categories and the newsletter form are taken over each on its own. */
export function HomeRoute() {
  useDocumentTitle('Find local help and support');
  const subscriberFigure = useSubscriberFigure();
  useAutomaticLocationDetection();
  const { postcode } = useDetectedLocation();

  return (
    <>
      <section aria-labelledby="home-heading" className="bg-brand text-white">
        <div className="mx-auto max-w-6xl px-4 py-8 sm:py-14">
          <h1 id="home-heading" className="mb-2 text-4xl font-extrabold sm:text-6xl">
            Locals helping locals
          </h1>
          <p className="mb-6 max-w-prose text-xl sm:text-2xl">
            Find local health, help and support services near you.
          </p>
          <HydrateInTurn>
            <KeywordSearchForm postcode={postcode} />
          </HydrateInTurn>
          <LocationStatus className="mt-4" />
          <p className="mt-6 flex max-w-prose items-start gap-2 text-lg">
            <MapPin aria-hidden="true" className="mt-1 size-5 shrink-0" />
            We currently cover Bristol, South Gloucestershire and London, with more cities coming
            soon.
          </p>
        </div>
      </section>

      <div className="mx-auto max-w-6xl space-y-12 px-4 py-10">
        <HeadedSection
          headingId="categories-heading"
          heading="Browse by category"
          headingClassName="mb-4 text-3xl font-bold"
        >
          <HydrateInTurn>
            <CategoryTiles postcode={postcode} />
          </HydrateInTurn>
        </HeadedSection>
        <ValueBlurbs />
        <HydrateInTurn>
          <NewsletterSignup subscriberFigure={subscriberFigure} />
        </HydrateInTurn>
      </div>
    </>
  );
}
