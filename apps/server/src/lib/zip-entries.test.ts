import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { type CraftedEntry, deflatedZeros, honestEntry, unzip, writeZip } from '../test/zip.ts';
import { readZipEntries, storedZip, ZipMalformed, ZipTooLarge } from './zip-entries.ts';

const limits = { maxEntryBytes: 2_000_000, maxTotalBytes: 3_000_000, maxEntries: 5 };
const xml = (name: string) => name.endsWith('.xml');
const text = (content: string) => Buffer.from(content);
const read = (entries: CraftedEntry[], within = limits) => readZipEntries(writeZip(entries), xml, within);

describe('readZipEntries', () => {
  it('unpacks the wanted entries; the others are not inflated, whatever they claim', async () => {
    const picture = { ...honestEntry('media/a.png', text('')), ...deflatedZeros(50) };
    const entries = await read([
      honestEntry('a.xml', text('<a/>')),
      picture,
      honestEntry('b/c.xml', text('<c/>')),
    ]);
    expect([...entries]).toEqual([
      ['a.xml', text('<a/>')],
      ['b/c.xml', text('<c/>')],
    ]);
  });

  it('reads sizes from a ZIP64 extra field in the local header, and refuses them when they disagree', async () => {
    const entry = honestEntry('a.xml', text('<a/>'));
    const agreeing = { ...entry, declares: { central: 4, local: 4, zip64: true } };
    expect([...(await read([agreeing]))]).toEqual([['a.xml', text('<a/>')]]);
    const disagreeing = { ...entry, declares: { central: 4, local: 5, zip64: true } };
    await expect(read([disagreeing])).rejects.toBeInstanceOf(ZipMalformed);
  });

  it('refuses an entry named twice, and one whose data is not what its CRC says', async () => {
    await expect(
      read([honestEntry('a.xml', text('<a/>')), honestEntry('a.xml', text('<b/>'))]),
    ).rejects.toThrow(ZipMalformed);
    const wrongCrc = { ...honestEntry('a.xml', text('<a/>')), crc32: 1 };
    await expect(read([wrongCrc])).rejects.toBeInstanceOf(ZipMalformed);
  });

  it('refuses, before inflating, more than the limits: per entry, in all, in number', async () => {
    const mb = (name: string, megabytes: number) => ({
      ...honestEntry(name, text('')),
      ...deflatedZeros(megabytes),
    });
    const declares = (entry: ReturnType<typeof mb>) => ({
      ...entry,
      declares: { central: entry.size, local: entry.size },
    });
    await expect(read([declares(mb('a.xml', 2))])).rejects.toBeInstanceOf(ZipTooLarge);
    const twoOfOne = [declares(mb('a.xml', 1)), declares(mb('b.xml', 1))];
    expect((await read(twoOfOne)).size).toBe(2);
    await expect(read([...twoOfOne, declares(mb('c.xml', 1))])).rejects.toBeInstanceOf(ZipTooLarge);
    const six = Array.from({ length: 6 }, (_, i) => honestEntry(`${i}.xml`, text('<a/>')));
    await expect(read(six)).rejects.toBeInstanceOf(ZipTooLarge);
  });
});

describe('storedZip', () => {
  it('writes the entries uncompressed, each local header with its exact sizes', async () => {
    const entries = new Map([
      ['[Content_Types].xml', text('<Types/>')],
      ['xl/worksheets/sheet1.xml', Buffer.alloc(70_000, 'x')],
    ]);
    const zip = await buffer(storedZip(entries));
    expect(await unzip(zip)).toEqual(entries);
    const second = 30 + '[Content_Types].xml'.length + 8;
    for (const [at, size] of [
      [0, 8],
      [second, 70_000],
    ] as const) {
      expect(zip.readUInt32LE(at)).toBe(0x04034b50);
      expect(zip.readUInt16LE(at + 6) & 0x8).toBe(0); // no data descriptor
      expect(zip.readUInt16LE(at + 8)).toBe(0); // stored
      expect([zip.readUInt32LE(at + 18), zip.readUInt32LE(at + 22)]).toEqual([size, size]);
    }
  });
});
