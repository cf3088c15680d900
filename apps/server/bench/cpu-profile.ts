/**
 * Where a server's time went under `npm run bench -- --cpu-prof DIR`: reads the main
 * thread's `.cpuprofile` node wrote there and prints the share of samples by package (drizzle-orm, pglite,
 * zod, fastify, ours…) and the functions with the most self time.
 */
import fs from 'node:fs/promises';
import path from 'node:path';

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
};
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

/** The package a script belongs to: `drizzle-orm`, `@electric-sql/pglite`, `(ours)`, `(node)`… */
function packageOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (match) return match[1]!;
  if (url.startsWith('node:')) return '(node)';
  if (url.includes('/packages/contracts/')) return '(ours: contracts)';
  if (url.includes('/apps/server/')) return '(ours: server)';
  return '(other)';
}

export async function summarizeCpuProfile(dir: string, top = 15): Promise<void> {
  const files = (await fs.readdir(dir)).filter((f) => f.endsWith('.cpuprofile'));
  if (files.length === 0) return console.log(`no .cpuprofile in ${dir}`);
  // One file per thread: the main thread's (the server's work) is by far the largest.
  const stats = await Promise.all(
    files.map(async (f) => ({ f, size: (await fs.stat(path.join(dir, f))).size })),
  );
  const newest = stats.sort((a, b) => b.size - a.size)[0]!.f;
  const profile = JSON.parse(await fs.readFile(path.join(dir, newest), 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfByFunction = new Map<string, number>();
  const selfByPackage = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const node = byId.get(id);
    const delta = profile.timeDeltas[i] ?? 0;
    if (!node) return;
    total += delta;
    const { functionName, url, lineNumber } = node.callFrame;
    const pkg = packageOf(url, functionName);
    const key = `${functionName || '(anonymous)'}  ${pkg.startsWith('(') ? path.basename(url) : pkg}:${lineNumber + 1}`;
    selfByFunction.set(key, (selfByFunction.get(key) ?? 0) + delta);
    selfByPackage.set(pkg, (selfByPackage.get(pkg) ?? 0) + delta);
  });
  const share = (n: number) => `${((100 * n) / total).toFixed(1).padStart(5)} %`;
  console.log(`\nCPU profile ${newest}: ${(total / 1e6).toFixed(1)} s sampled`);
  console.log('by package:');
  for (const [pkg, time] of [...selfByPackage].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`  ${share(time)}  ${pkg}`);
  }
  console.log('by function (self time):');
  for (const [fn, time] of [...selfByFunction].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`  ${share(time)}  ${fn}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await summarizeCpuProfile(path.resolve(process.argv[2] ?? '.'));
}
