import { Link } from 'react-router';
import { ContentPage } from '@/components/layout/content-page';
import { paths } from '@/config/paths';

/** Where the newsletter form sent without JavaScript lands once the address is on the list. */
export function NewsletterSubscribedRoute() {
  return (
    <ContentPage title="You are subscribed">
      <p>
        Thanks for joining the Locals newsletter. We have sent you an email to say so. Every email
        from us has a link to unsubscribe if you change your mind.
      </p>
      <p>
        <Link to={paths.home}>Search for help near you</Link>
      </p>
    </ContentPage>
  );
}
