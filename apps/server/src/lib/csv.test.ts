import { describe, expect, it } from 'vitest';
import { buffer } from 'node:stream/consumers';
import { csvField, csvStream, keysetChunks, toCsv } from './csv.ts';

describe('CSV', () => {
  it('quotes commas, quotes and line breaks, doubling quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('Tripathi, Amar')).toBe('"Tripathi, Amar"');
    expect(csvField('The "best"')).toBe('"The ""best"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(8.5)).toBe('8.5');
    expect(csvField(null)).toBe('');
  });

  it('defuses values a spreadsheet would run as formulas, but not negative numbers', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('+91 98765')).toBe("'+91 98765");
    expect(csvField('@cmd')).toBe("'@cmd");
    expect(csvField(-3)).toBe('-3');
  });

  it('starts with a UTF-8 byte-order mark, one header row and CRLF line ends', () => {
    expect(toCsv(['Name', 'City'], [['Zoë', 'Pune, MH']])).toBe('\uFEFFName,City\r\nZoë,"Pune, MH"\r\n');
  });

  it('streams the same bytes as toCsv, chunk by chunk, reading the next chunk after the last key', async () => {
    const rows = Array.from({ length: 7 }, (_, i) => ({
      id: i + 1,
      name: i === 3 ? 'Tripathi, Amar' : `N${i}`,
    }));
    const asked: (number | null)[] = [];
    const read = async (after: number | null, size: number) => {
      asked.push(after);
      return rows.filter((r) => after === null || r.id > after).slice(0, size);
    };
    const stream = csvStream(
      ['Id', 'Name'],
      keysetChunks(read, (r) => r.id, 3),
      (r) => [r.id, r.name],
    );
    expect((await buffer(stream)).toString('utf8')).toBe(
      toCsv(
        ['Id', 'Name'],
        rows.map((r) => [r.id, r.name]),
      ),
    );
    expect(asked).toEqual([null, 3, 6]);
  });
});
