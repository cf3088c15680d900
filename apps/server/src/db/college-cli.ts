import { loadConfig } from '../config.ts';
import { collegeHost, newCollege } from '@portal/contracts/colleges';
import { AppError } from '../lib/errors.ts';
import { createCollegesRepo } from '../modules/colleges/colleges.repo.ts';
import { createCollegesService } from '../modules/colleges/colleges.service.ts';
import { createUniversityRepo } from '../modules/university/university.repo.ts';
import { openDatabase } from './client.ts';
import { migrateDatabase } from './migrate.ts';

/**
 * The operator's colleges: `npm run college -- add <slug> "<name>"` adds one (started as the first
 * was: its settings, default placement policy and catalogue), `npm run college -- list` lists
 * them, `npm run college -- director <staff email>` makes a staff account the university's
 * placement director (every college's statistics side by side), `npm run college -- host <slug>
 * <host name>` gives a college the host name its people reach it at (`-` clears it; `add` takes
 * `--host <host name>` too). A college's people reach it at `/c/<slug>/`, or at its host name.
 * Adding a college that exists already changes nothing.
 */
async function main() {
  const [command, slug, ...words] = process.argv.slice(2);
  const config = loadConfig();
  const handle = await openDatabase(
    config.databaseUrl
      ? { driver: 'postgres', url: config.databaseUrl }
      : { driver: 'pglite', dataDir: config.dataDir },
  );
  try {
    await migrateDatabase(handle);
    const colleges = createCollegesService({ collegesRepo: createCollegesRepo(handle.db) });
    if (command === 'add') {
      const at = words.indexOf('--host');
      const host = at >= 0 ? words[at + 1] : undefined;
      const name = (at >= 0 ? [...words.slice(0, at), ...words.slice(at + 2)] : words).join(' ');
      const parsed = newCollege.safeParse({ slug, name, ...(at >= 0 ? { host: host ?? '' } : {}) });
      if (!parsed.success) {
        console.error(parsed.error.issues.map((i) => i.message).join('\n'));
        process.exitCode = 2;
        return;
      }
      if (await colleges.findBySlug(parsed.data.slug)) {
        console.log(`College "${parsed.data.slug}" is there already.`);
        return;
      }
      const college = await colleges.create(parsed.data);
      console.log(
        `Added college ${college.id}: ${college.name}, at /c/${college.slug}/` +
          (college.host ? ` and at ${college.host}` : ''),
      );
    } else if (command === 'host') {
      const [given = ''] = words;
      const parsed = given === '-' ? { success: true as const, data: null } : collegeHost.safeParse(given);
      if (!parsed.success) {
        console.error(parsed.error.issues.map((i) => i.message).join('\n'));
        process.exitCode = 2;
        return;
      }
      const college = await colleges.setHost(slug ?? '', parsed.data);
      console.log(
        college.host
          ? `${college.name} is reached at ${college.host} (running servers see it at once).`
          : `${college.name} has no host name now: /c/${college.slug}/ reaches it.`,
      );
    } else if (command === 'director') {
      // The university's placement director: a staff account that reads every college's figures.
      const appointed = await createUniversityRepo(handle.db).appoint(slug ?? '');
      if (!appointed) {
        console.error(`No staff account has the email "${slug ?? ''}".`);
        process.exitCode = 2;
        return;
      }
      console.log(`${slug} is the university's placement director: Staff > University.`);
    } else if (command === 'list') {
      for (const c of await colleges.list())
        console.log(
          `${String(c.id).padStart(3)}  ${c.slug.padEnd(20)} ${c.name}${c.host ? `  (${c.host})` : ''}`,
        );
    } else {
      console.error(
        'Usage: npm run college -- add <slug> "<name>" [--host <host name>] | list | ' +
          'host <slug> <host name | -> | director <staff email>',
      );
      process.exitCode = 2;
    }
  } catch (error) {
    // A taken slug or host name, an unknown college: the service's message, not a stack.
    if (!(error instanceof AppError)) throw error;
    console.error(error.message);
    process.exitCode = 2;
  } finally {
    await handle.close();
  }
}

await main();
