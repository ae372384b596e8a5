import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ContentPage } from '@/components/layout/content-page';
import { ListServiceDialog } from '@/features/list-service/components/list-service-dialog';

const STEPS = [
  {
    title: 'Get in touch',
    text: 'Fill in a short application telling us about your organisation and the services you offer.',
  },
  {
    title: 'Verification',
    text: 'We check your details with you, usually within 2-3 business days, and may call or email with questions.',
  },
  {
    title: 'Go live',
    text: 'Your service appears in search results, marked as verified, so local people can find you.',
  },
];

export function ListServicesRoute() {
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  const openDialog = () => setIsDialogOpen(true);

  return (
    <ContentPage
      title="List your services"
      lede="Run a charity, community group, council or health service? Help local people find you."
    >
      <Button onClick={openDialog} className="mb-8">
        Get Started Today
      </Button>

      <h2>How it works</h2>
      <ol className="ml-0 grid list-none gap-4 md:grid-cols-3">
        {STEPS.map((step, index) => (
          <li key={step.title} className="rounded bg-surface p-5">
            <span
              className="mb-2 flex size-10 items-center justify-center rounded-full bg-brand text-xl font-bold text-white"
              aria-hidden="true"
            >
              {index + 1}
            </span>
            <h3 className="mt-0">
              <span className="sr-only">Step {index + 1}: </span>
              {step.title}
            </h3>
            <p className="mb-0">{step.text}</p>
          </li>
        ))}
      </ol>

      <h2>Ready to join?</h2>
      <p>
        Have your organisation&apos;s contact details and a short description of your services to
        hand. You can close the form and come back to it: what you have typed stays until you leave
        this page.
      </p>
      <Button onClick={openDialog}>Apply to Join</Button>
      {/* The application form opens over the page and needs the app (decision 036): without
          it, say so and give the way that needs no script. */}
      <noscript>
        <p className="mt-4 border-l-8 border-brand p-4">
          The application form needs JavaScript, which is off or not working in this browser. Turn
          it on, or email <a href="mailto:support@locals.org.uk">support@locals.org.uk</a> with your
          organisation&apos;s name, contact details and the services you offer.
        </p>
      </noscript>

      <ListServiceDialog isOpen={isDialogOpen} onOpenChange={setIsDialogOpen} />
    </ContentPage>
  );
}
