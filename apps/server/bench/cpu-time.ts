/**
 * CPU time spent by processes on this machine, read from Linux's /proc: what a request costs the
 * portal and its database. Steadier than requests a second on a shared machine (another process's
 * load slows a request more than it makes it use more CPU), though a busy host moves it too.
 * Undefined where there is no /proc.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

let ticksPerSecond: number | undefined;
function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/** User and system time of one process from its /proc/PID/stat line, in ms; undefined if gone. */
function statCpuMs(pid: number | string): { name: string; ms: number } | undefined {
  let line: string;
  try {
    line = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The name is in parentheses and may hold spaces: the fields after it are counted from its end.
  const close = line.lastIndexOf(')');
  const name = line.slice(line.indexOf('(') + 1, close);
  const fields = line.slice(close + 2).split(' ');
  // utime and stime are the stat line's 14th and 15th fields: the 12th and 13th after the name.
  const ticks = Number(fields[11]) + Number(fields[12]);
  return { name, ms: (ticks * 1000) / clockTicks() };
}

/** The CPU time one process (all its threads) has used so far, in ms. */
export function processCpuMs(pid: number | undefined): number | undefined {
  return pid === undefined ? undefined : statCpuMs(pid)?.ms;
}

/**
 * The CPU time used so far by every PostgreSQL process on this machine (the server's backends and
 * its background workers), in ms; undefined without /proc. A backend that ended between two
 * readings drops out of the second, so compare readings around a load that keeps its connections.
 */
export function postgresCpuMs(): number | undefined {
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    return undefined;
  }
  let total = 0;
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = statCpuMs(entry);
    if (stat?.name === 'postgres') total += stat.ms;
  }
  return total;
}
