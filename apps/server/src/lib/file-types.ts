/**
 * What an uploaded file really is, judged by its first bytes: the name and the Content-Type a
 * browser sends are chosen by the client, so neither can be trusted to say what was sent.
 */
export type DetectedType = 'image/jpeg' | 'image/png' | 'application/pdf';

const signatures: ReadonlyArray<{ type: DetectedType; magic: Buffer }> = [
  { type: 'image/jpeg', magic: Buffer.from([0xff, 0xd8, 0xff]) },
  { type: 'image/png', magic: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { type: 'application/pdf', magic: Buffer.from('%PDF-', 'latin1') },
];

/** How many leading bytes detectFileType needs to tell every supported type apart. */
export const FILE_TYPE_HEAD_BYTES = Math.max(...signatures.map(({ magic }) => magic.length));

/** The type named by the file's magic number, or null when it is none we accept. */
export function detectFileType(head: Buffer): DetectedType | null {
  for (const { type, magic } of signatures) {
    if (head.length >= magic.length && head.subarray(0, magic.length).equals(magic)) return type;
  }
  return null;
}
