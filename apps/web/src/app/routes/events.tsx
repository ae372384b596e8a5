import { Link } from 'react-router';
import { ContentPage } from '@/components/layout/content-page';
import { paths } from '@/config/paths';
import { NewsletterSignup } from '@/features/newsletter/components/newsletter-signup';
import { useSubscriberFigure } from '@/features/stats/api/get-public-stats';

export function EventsRoute() {
  const subscriberFigure = useSubscriberFigure();
  return (
    <ContentPage title="Community Events & Support" documentTitle="Community events">
      <p>
        Event listings are coming soon. We are working with local organisations to bring together
        drop-ins, workshops, support groups and community meals near you.
      </p>
      <p>In the meantime:</p>
      <ul>
        <li>
          <Link to={paths.search}>Search for local services</Link>, many of which run regular
          drop-in sessions.
        </li>
        <li>
          <a href="#newsletter">Subscribe to our newsletter</a> to hear when events go live.
        </li>
      </ul>
      <div className="mt-8">
        <NewsletterSignup subscriberFigure={subscriberFigure} />
      </div>
    </ContentPage>
  );
}
