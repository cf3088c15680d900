import { constants, crc32, deflateRawSync } from 'node:zlib';
import writeExcelFile from 'write-excel-file/node';
import yauzl from 'yauzl';

/** The entries of a ZIP, by name, with their bytes (read with yauzl, as an archive tool would). */
export function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, file) => {
      if (error) return reject(error);
      const entries = new Map<string, Buffer>();
      file.on('error', reject);
      file.on('end', () => resolve(entries));
      file.on('entry', (entry: yauzl.Entry) => {
        file.openReadStream(entry, (openError, stream) => {
          if (openError) return reject(openError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', reject);
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            file.readEntry();
          });
        });
      });
      file.readEntry();
    });
  });
}

/**
 * One entry for `writeZip`: its deflated bytes and what each header says it unpacks to, which a
 * test may make disagree with each other and with the data. With `descriptor`, the entry is written
 * as a streaming writer does: flag bit 3, sizes 0 in the local header, the sizes after the data.
 */
export type CraftedEntry = {
  name: string;
  /** Raw deflate. */
  deflated: Buffer;
  crc32: number;
  declares:
    | { central: number; local: number; /** The local sizes in a ZIP64 extra field. */ zip64?: boolean }
    | { central: number; descriptor: number };
};

/** An entry whose headers all tell the truth about `content`. */
export const honestEntry = (name: string, content: Buffer): CraftedEntry => ({
  name,
  deflated: deflateRawSync(content),
  crc32: crc32(content),
  declares: { central: content.length, local: content.length },
});

/**
 * A raw deflate stream of `megabytes` MB of zeros, made without ever holding them: one deflated
 * megabyte (about 1 KB) repeated, as non-final blocks, then an empty final block. Zeros shrink
 * about 1,000 to 1, so 300 MB fit in about 300 KB.
 */
export function deflatedZeros(megabytes: number): { deflated: Buffer; crc32: number; size: number } {
  const megabyte = Buffer.alloc(1 << 20);
  const block = deflateRawSync(megabyte, { finishFlush: constants.Z_SYNC_FLUSH });
  let crc = 0;
  for (let i = 0; i < megabytes; i++) crc = crc32(megabyte, crc);
  return {
    deflated: Buffer.concat([...Array<Buffer>(megabytes).fill(block), deflateRawSync(Buffer.alloc(0))]),
    crc32: crc,
    size: megabytes << 20,
  };
}

/** A ZIP written byte by byte from `entries`, headers saying exactly what each entry declares. */
export function writeZip(entries: CraftedEntry[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const viaDescriptor = 'descriptor' in entry.declares;
    const flags = 0x800 | (viaDescriptor ? 0x8 : 0);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(8, 8);
    const extra = Buffer.alloc('local' in entry.declares && entry.declares.zip64 ? 20 : 0);
    if ('local' in entry.declares) {
      local.writeUInt32LE(entry.crc32, 14);
      if (entry.declares.zip64) {
        local.writeUInt32LE(0xffffffff, 18);
        local.writeUInt32LE(0xffffffff, 22);
        extra.writeUInt16LE(0x0001, 0);
        extra.writeUInt16LE(16, 2);
        extra.writeBigUInt64LE(BigInt(entry.declares.local), 4);
        extra.writeBigUInt64LE(BigInt(entry.deflated.length), 12);
      } else {
        local.writeUInt32LE(entry.deflated.length, 18);
        local.writeUInt32LE(entry.declares.local, 22);
      }
    }
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(extra.length, 28);
    parts.push(local, name, extra, entry.deflated);
    if ('descriptor' in entry.declares) {
      const descriptor = Buffer.alloc(16);
      descriptor.writeUInt32LE(0x08074b50, 0);
      descriptor.writeUInt32LE(entry.crc32, 4);
      descriptor.writeUInt32LE(entry.deflated.length, 8);
      descriptor.writeUInt32LE(entry.declares.descriptor, 12);
      parts.push(descriptor);
    }
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(flags, 8);
    header.writeUInt16LE(8, 10);
    header.writeUInt32LE(entry.crc32, 16);
    header.writeUInt32LE(entry.deflated.length, 20);
    header.writeUInt32LE(entry.declares.central, 24);
    header.writeUInt16LE(name.length, 28);
    header.writeUInt32LE(offset, 42);
    central.push(header, name);
    offset = parts.reduce((sum, part) => sum + part.length, 0);
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}

/**
 * A real workbook (Email, then one student) written again entry by entry; `rewrite` may swap what
 * an entry holds or declares (its first sheet is `xl/worksheets/sheet1.xml`).
 */
export async function craftXlsx(rewrite: (entry: CraftedEntry) => CraftedEntry): Promise<Buffer> {
  const workbook = await writeExcelFile([
    [{ value: 'Email' }],
    [{ value: 'crafted@example.com' }],
  ]).toBuffer();
  const entries = [...(await unzip(workbook))].map(([name, content]) => rewrite(honestEntry(name, content)));
  return writeZip(entries);
}
