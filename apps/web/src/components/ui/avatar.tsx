type AvatarProps = { name: string; src?: string; className?: string };

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('');

/** The profile picture when there is one, otherwise the person's initials. */
export function Avatar({ name, src, className = 'size-10' }: AvatarProps) {
  if (src) {
    return (
      <img
        src={src}
        alt={`Profile picture of ${name}`}
        // Square, whatever size the class gives it: the space is kept before the picture arrives.
        width={96}
        height={96}
        decoding="async"
        className={`${className} rounded-full object-cover`}
      />
    );
  }
  return (
    <span
      role="img"
      aria-label={`Initials of ${name}`}
      className={`${className} inline-flex shrink-0 items-center justify-center rounded-full bg-indigo-100 text-sm font-semibold text-indigo-700`}
    >
      {initialsOf(name)}
    </span>
  );
}
