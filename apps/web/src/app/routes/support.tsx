import { Link } from 'react-router';
import {
  CHECK_BEFORE_YOU_TRAVEL,
  UNVERIFIED_MEANING,
  VERIFIED_MEANING,
} from '@/components/content/verification-wording';
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
    answer: `${VERIFIED_MEANING} ${UNVERIFIED_MEANING} ${CHECK_BEFORE_YOU_TRAVEL}`,
  },
  {
    question: "A service's details are wrong. What should I do?",
    answer:
      'If you are signed in, open the service and choose "Suggest an edit": we email your suggestion to the organisation that runs it. Or email us with the service name and what has changed, and we will check with the organisation and update the listing.',
  },
  {
    question: 'Which areas do you cover?',
    answer: 'Bristol, South Gloucestershire and London. More cities are coming soon.',
  },
  {
    question: 'Do I need an account?',
    answer:
      'No. Searching, service details, the map, events and the newsletter all work without one. A free account lets you bookmark services and events (and print or share your list), vote a service thumbs up or down, keep private notes, write reviews and suggest edits to a listing. Choose Sign In at the top of any page.',
  },
  {
    question: 'Who can see my notes, reviews and votes?',
    answer:
      'Only you can read your notes and your bookmarks, unless you share your list: then anyone with the link can see the services on it until you stop sharing. Reviews are public and show your first name and the first letter of your last name, never your email address. Votes are shown only as totals.',
  },
  {
    question: 'What happens to a suggestion I send?',
    answer:
      'We email it to the contact address of the service (or to our team when the listing has none) with a link to accept or reject it. The email does not say who you are. You can see the answer on your bookmarks page.',
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
