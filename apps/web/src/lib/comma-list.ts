/** A list typed as text, split on commas, each part trimmed, empty parts dropped. */
export const commaList = (text: string): string[] =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
