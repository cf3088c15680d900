import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { programmeForText } from '@portal/contracts/programmes';
import { rowsOf } from '../../db/raw-rows.ts';
import { programmes } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Degrees as students and old records wrote them: codes, names, short forms, noise, ambiguity. */
const texts = [
  'B.Tech CSE',
  'b.tech cse',
  'BTech Computer Science',
  'B. Tech Computer Science and Engineering',
  'B.Tech ECE',
  'B.Tech Electronics',
  'B.Tech EEE',
  'B.Tech Mech',
  'B.Tech Civil',
  'B.Tech IT',
  'B.Tech Information Technology',
  'B.E. CSE',
  'BE Mechanical',
  'BTECH-CSE',
  'MTECH-ECE',
  'M.Tech CSE',
  'M.Tech',
  'M.Sc Computer Science',
  'M.Sc',
  'B.Sc',
  'MBA',
  ' mca ',
  'BCA',
  'Ph.D',
  'Diploma CSE',
  'Diploma',
  'B.Tech',
  'B.E.',
  'B.Tech AI',
  'École',
  '',
  "B.Tech's {AI}",
];

describe('the migration maps free text to programmes as the contract does', () => {
  it('programme_for_degree (SQL, the trigger and the migration) agrees with programmeForText for every text', async () => {
    const catalogue = await t.db.select().from(programmes);
    for (const text of texts) {
      const [row] = rowsOf<{ code: string | null }>(
        await t.db.execute(
          sql`select (select code from programmes where id = programme_for_degree(${text}::text, 1)) as code`,
        ),
      );
      expect(row?.code ?? null, JSON.stringify(text)).toBe(programmeForText(text, catalogue)?.code ?? null);
    }
  });

  it('maps most of the common ways of writing the seeded programmes, and leaves the ambiguous unmapped', async () => {
    const code = async (text: string) =>
      rowsOf<{ code: string | null }>(
        await t.db.execute(
          sql`select (select code from programmes where id = programme_for_degree(${text}::text, 1)) as code`,
        ),
      )[0]?.code ?? null;
    expect(await code('B.Tech Computer Science')).toBe('BTECH-CSE');
    expect(await code('BE Mechanical')).toBe('BE-ME');
    expect(await code('MBA')).toBe('MBA');
    expect(await code('B.Tech')).toBeNull();
  });
});
