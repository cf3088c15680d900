import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import yauzl from 'yauzl';

/** How much reading a ZIP may unpack: per entry, in all, and how many entries. */
export type UnpackLimits = { maxEntryBytes: number; maxTotalBytes: number; maxEntries: number };

/** The entries read would unpack past the limits: refused before, or as soon as, they do. */
export class ZipTooLarge extends Error {}

/** The ZIP's headers disagree with each other or with its data. */
export class ZipMalformed extends Error {}

const u32 = 0xffffffff;

/**
 * A local header's sizes: its 4-byte fields, or where either reads 0xFFFFFFFF, the 8-byte sizes of
 * its ZIP64 extra field (0x0001: uncompressed, then compressed).
 */
function localSizes(header: { compressed: number; uncompressed: number }, extra: Buffer) {
  if (header.compressed !== u32 && header.uncompressed !== u32) return header;
  for (let at = 0; at + 4 <= extra.length; at += 4 + extra.readUInt16LE(at + 2)) {
    if (extra.readUInt16LE(at) !== 0x0001) continue;
    if (extra.readUInt16LE(at + 2) < 16 || at + 20 > extra.length) break;
    return {
      uncompressed: Number(extra.readBigUInt64LE(at + 4)),
      compressed: Number(extra.readBigUInt64LE(at + 12)),
    };
  }
  throw new ZipMalformed('no ZIP64 sizes');
}

/** Whether a data descriptor at `at` declares these sizes, in any of its layouts (signature or not, 4- or 8-byte sizes). */
function descriptorDeclares(zip: Buffer, at: number, compressed: number, uncompressed: number) {
  const starts = zip.length >= at + 4 && zip.readUInt32LE(at) === 0x08074b50 ? [at + 4, at] : [at];
  return starts.some((start) =>
    [4, 8].some((width) => {
      if (start + 4 + 2 * width > zip.length) return false;
      const read = (offset: number) =>
        width === 4 ? zip.readUInt32LE(offset) : Number(zip.readBigUInt64LE(offset));
      return read(start + 4) === compressed && read(start + 4 + width) === uncompressed;
    }),
  );
}

/**
 * Checks that the local header of `entry` (and its data descriptor, when flag bit 3 says the sizes
 * follow the data) declares what the central directory does. A reader that streams through the
 * file trusts the local headers, and a data descriptor lets an entry claim any size in the central
 * directory while its data inflates to gigabytes; such a file is refused, not read.
 */
function checkLocalHeader(zip: Buffer, entry: yauzl.Entry) {
  const at = entry.relativeOffsetOfLocalHeader;
  if (at + 30 > zip.length || zip.readUInt32LE(at) !== 0x04034b50) {
    throw new ZipMalformed('no local header');
  }
  const flags = zip.readUInt16LE(at + 6);
  if (zip.readUInt16LE(at + 8) !== entry.compressionMethod) throw new ZipMalformed('method differs');
  const nameEnd = at + 30 + zip.readUInt16LE(at + 26);
  const dataStart = nameEnd + zip.readUInt16LE(at + 28);
  if (dataStart + entry.compressedSize > zip.length) throw new ZipMalformed('data past the end');
  const local = localSizes(
    { compressed: zip.readUInt32LE(at + 18), uncompressed: zip.readUInt32LE(at + 22) },
    zip.subarray(nameEnd, dataStart),
  );
  const central = { compressed: entry.compressedSize, uncompressed: entry.uncompressedSize };
  if (flags & 0x8) {
    // The local header's sizes are 0 (or, from some writers, the real ones); the descriptor has them.
    const zeroOrSame = (key: 'compressed' | 'uncompressed') =>
      local[key] === 0 || local[key] === central[key];
    if (!zeroOrSame('compressed') || !zeroOrSame('uncompressed')) {
      throw new ZipMalformed('local sizes differ');
    }
    if (!descriptorDeclares(zip, dataStart + central.compressed, central.compressed, central.uncompressed)) {
      throw new ZipMalformed('data descriptor differs');
    }
  } else if (local.compressed !== central.compressed || local.uncompressed !== central.uncompressed) {
    throw new ZipMalformed('local sizes differ');
  }
}

const openZip = (zip: Buffer) =>
  new Promise<yauzl.ZipFile>((resolve, reject) =>
    // The inflated bytes are counted by `inflate` below, which also refuses an entry that falls short.
    yauzl.fromBuffer(zip, { lazyEntries: true, validateEntrySizes: false }, (error, file) =>
      error ? reject(error) : resolve(file),
    ),
  );

/** Every entry of the central directory; reading them inflates nothing. */
const centralDirectory = (file: yauzl.ZipFile) =>
  new Promise<yauzl.Entry[]>((resolve, reject) => {
    const entries: yauzl.Entry[] = [];
    file.on('error', reject);
    file.on('end', () => resolve(entries));
    file.on('entry', (entry: yauzl.Entry) => {
      entries.push(entry);
      file.readEntry();
    });
    file.readEntry();
  });

/**
 * Inflates one entry, counting the bytes as they come: past `budget` (what the entry declared,
 * itself within the limits) the stream is destroyed and the entry refused, so a lying entry costs
 * at most one chunk more than it declared.
 */
const inflate = (file: yauzl.ZipFile, entry: yauzl.Entry, budget: number) =>
  new Promise<Buffer>((resolve, reject) => {
    file.openReadStream(entry, (error, stream) => {
      if (error) return reject(error);
      const chunks: Buffer[] = [];
      let inflated = 0;
      stream.on('data', (chunk: Buffer) => {
        inflated += chunk.length;
        if (inflated > budget) {
          stream.destroy();
          reject(new ZipMalformed('inflates past its declared size'));
        } else chunks.push(chunk);
      });
      stream.on('error', reject);
      stream.on('end', () => {
        const data = Buffer.concat(chunks);
        if (data.length !== entry.uncompressedSize || crc32(data) !== entry.crc32) {
          reject(new ZipMalformed('size or CRC differs'));
        } else resolve(data);
      });
    });
  });

/**
 * The entries of a ZIP held in memory whose names `wanted` accepts, unpacked, by name. Nothing is
 * inflated until every header has been checked: local headers and data descriptors must declare the
 * central directory's sizes (ZipMalformed), and the declared sizes must fit the limits
 * (ZipTooLarge). While inflating, the bytes are counted and an entry producing more than it
 * declared is cut off at once (ZipMalformed), so memory never holds more than the limits allow,
 * whatever the file claims. A ZIP yauzl cannot read rejects with yauzl's error.
 */
export async function readZipEntries(
  zip: Buffer,
  wanted: (name: string) => boolean,
  limits: UnpackLimits,
): Promise<Map<string, Buffer>> {
  const file = await openZip(zip);
  try {
    const entries = (await centralDirectory(file)).filter((entry) => wanted(entry.fileName));
    if (entries.length > limits.maxEntries) throw new ZipTooLarge('too many entries');
    if (new Set(entries.map((entry) => entry.fileName)).size !== entries.length) {
      throw new ZipMalformed('an entry named twice');
    }
    let total = 0;
    for (const entry of entries) {
      checkLocalHeader(zip, entry);
      total += entry.uncompressedSize;
      if (entry.uncompressedSize > limits.maxEntryBytes || total > limits.maxTotalBytes) {
        throw new ZipTooLarge('declares too much');
      }
    }
    const read = new Map<string, Buffer>();
    for (const entry of entries) read.set(entry.fileName, await inflate(file, entry, entry.uncompressedSize));
    return read;
  } finally {
    file.close();
  }
}

/**
 * `entries` as a ZIP stream of stored (uncompressed) entries whose local headers give their exact
 * sizes, for a reader that trusts local headers: it reads exactly these bytes and inflates nothing.
 * The buffers are streamed as they are, not copied into one. Entries must stay under 4 GB in all
 * and number under 65,536 (the limits of readZipEntries keep them far below).
 */
export function storedZip(entries: Map<string, Buffer>): Readable {
  const parts: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const [fileName, data] of entries) {
    const name = Buffer.from(fileName);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(10, 4); // version needed: 1.0, stored
    local.writeUInt16LE(0x800, 6); // the name is UTF-8
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(10, 4);
    central.writeUInt16LE(10, 6);
    central.writeUInt16LE(0x800, 8);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    parts.push(local, name, data);
    directory.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directoryLength = directory.reduce((sum, part) => sum + part.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.size, 8);
  end.writeUInt16LE(entries.size, 10);
  end.writeUInt32LE(directoryLength, 12);
  end.writeUInt32LE(offset, 16);
  return Readable.from([...parts, ...directory, end]);
}
