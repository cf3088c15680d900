/**
 * An http(s) address in running text. It ends on a character that cannot close a sentence, so
 * "Open https://example.com/page." links to the page without the full stop.
 */
const urlPattern = /(https?:\/\/[^\s<>"']*[^\s<>"'.,;:!?)\]])/;

/** Plain text with each address in it made a link, followed in this tab. */
export function LinkedText({ text }: { text: string }) {
  // Splitting on a capturing pattern keeps the addresses, at the odd positions.
  const parts = text.split(urlPattern);
  return parts.map((part, index) =>
    index % 2 === 1 ? (
      <a
        key={index}
        href={part}
        className="font-medium break-all text-indigo-700 underline hover:text-indigo-500"
      >
        {part}
      </a>
    ) : (
      part
    ),
  );
}
