import { ContentPage } from '@/components/layout/content-page';

export function NewsletterUnsubscribedRoute() {
  return (
    <ContentPage title="You have been unsubscribed">
      <p>You will not get any more newsletter emails from Locals.</p>
      <p>If you change your mind, you can subscribe again from the home page at any time.</p>
    </ContentPage>
  );
}
