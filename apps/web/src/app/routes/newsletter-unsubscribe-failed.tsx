import { ContentPage } from '@/components/layout/content-page';

export function NewsletterUnsubscribeFailedRoute() {
  return (
    <ContentPage title="This unsubscribe link is not valid">
      <p>
        The link may be incomplete or may have been copied wrongly. Open the newsletter email again
        and use the unsubscribe link at the bottom.
      </p>
      <p>
        If it still does not work, email{' '}
        <a href="mailto:support@locals.org.uk">support@locals.org.uk</a> from the address you
        subscribed with and we will unsubscribe you by hand.
      </p>
    </ContentPage>
  );
}
