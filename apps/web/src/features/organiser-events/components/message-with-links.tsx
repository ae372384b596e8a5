import { Link } from 'react-router';

/** A web address, or a path on this site, inside a sentence; a full stop after it is not its. */
const ADDRESS = /(https?:\/\/[^\s<>"]+[^\s<>".,;:!?)]|\/events\?[^\s<>"]+[^\s<>".,;:!?)])/;

/**
 * The API's words with the addresses in them as links: a duplicate event is refused with where
 * the one already listed is, which the organiser should be able to open. React escapes the text,
 * and only http(s) addresses and /events paths become links.
 */
export function MessageWithLinks({ message }: { message: string }) {
  const parts = message.split(ADDRESS);
  return (
    <>
      {parts.map((part, index) => {
        if (index % 2 === 0) return part;
        return part.startsWith('/') ? (
          <Link key={index} to={part}>
            {part}
          </Link>
        ) : (
          <a key={index} href={part}>
            {part}
          </a>
        );
      })}
    </>
  );
}
