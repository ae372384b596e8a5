import { Link } from 'react-router';
import { ContentPage } from '@/components/layout/content-page';
import { paths } from '@/config/paths';

const FAQS = [
  {
    question: 'Is Locals free to use?',
    answer: 'Yes. Searching, reading service details and subscribing to the newsletter are free.',
  },
  {
    question: 'How do I find a service?',
    answer:
      'Enter your postcode on the search page and choose how far you can travel. You can also search by keyword, such as "food bank", or pick a category on the home page.',
  },
  {
    question: 'What does "verified" mean?',
    answer:
      'Our team has checked the details with the organisation that runs the service. Unverified services come from public data and may be out of date, so it is worth phoning before you travel.',
  },
  {
    question: "A service's details are wrong. What should I do?",
    answer:
      'Email us with the service name and what has changed. We will check with the organisation and update the listing.',
  },
  {
    question: 'Which areas do you cover?',
    answer: 'Bristol, South Gloucestershire and London. More cities are coming soon.',
  },
  {
    question: 'Do I need an account?',
    answer:
      'No. Accounts are coming soon and will let you save bookmarks and keep private notes, but everything else works without one.',
  },
  {
    question: 'How do I stop getting the newsletter?',
    answer:
      'Use the unsubscribe link at the bottom of any newsletter email. It works straight away.',
  },
];

export function SupportRoute() {
  return (
    <ContentPage
      title="Support"
      lede="Help with using Locals, and where to turn if you need help urgently."
    >
      <div className="mb-8 max-w-prose border-l-8 border-danger bg-danger-light p-4">
        <h2 className="mt-0">If you need help now</h2>
        <ul>
          <li>
            In an emergency, or if someone is in danger, call <strong>999</strong>.
          </li>
          <li>
            For urgent medical help that is not an emergency, call <strong>NHS 111</strong> or go to{' '}
            <a href="https://111.nhs.uk">111.nhs.uk</a>.
          </li>
          <li>
            To talk to someone about how you are feeling, call Samaritans free on{' '}
            <strong>116 123</strong>, any time of day or night.
          </li>
        </ul>
      </div>

      <h2>Email support</h2>
      <p>Get help via email within 24 hours.</p>
      <p>
        Email <a href="mailto:support@locals.org.uk">support@locals.org.uk</a>. Tell us what you
        were trying to do and, if it is about a service, its name and area.
      </p>

      <h2>Frequently asked questions</h2>
      <div className="mb-6 max-w-prose divide-y divide-line border-y border-line">
        {FAQS.map((faq) => (
          <details key={faq.question} className="py-1">
            <summary className="min-h-11 cursor-pointer py-2 text-lg font-semibold text-link">
              {faq.question}
            </summary>
            <p className="pt-1 pl-4">{faq.answer}</p>
          </details>
        ))}
      </div>

      <h2>Useful links</h2>
      <ul>
        <li>
          <Link to={paths.search}>Search for services near you</Link>
        </li>
        <li>
          <Link to={paths.listServices}>List your services</Link> if you run a local organisation
        </li>
        <li>
          <Link to={paths.events}>Community events</Link>
        </li>
        <li>
          <Link to={paths.privacy}>Privacy policy</Link> and{' '}
          <Link to={paths.cookies}>cookie policy</Link>
        </li>
      </ul>
    </ContentPage>
  );
}
