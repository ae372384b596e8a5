import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * CPU time spent serving a run, in milliseconds: this process (the API) and the PostgreSQL
 * backends connected to its database. CPU time, unlike requests a second, changes little when
 * other work shares the cores, so it is the figure to compare between runs on a busy machine;
 * the backends of other databases (tests running beside the bench) are left out, and so are the
 * server's shared writers (WAL writer, checkpointer), which serve every database at once.
 *
 * The processes' user and system times are read from /proc (Linux), so the server must be on
 * this machine (the bench's 127.0.0.1). A backend the pool opens during the run counts whole; one
 * that ends during the run is not counted (the pool keeps busy connections open).
 */
export type CpuSample = { nodeMs: number; postgresMs: Map<number, number> };

export function sampleCpu(postgresPids: readonly number[]): CpuSample {
  const usage = process.cpuUsage();
  const postgresMs = new Map<number, number>();
  for (const pid of postgresPids) {
    const ms = postgresCpuMs(pid);
    if (ms !== null) postgresMs.set(pid, ms);
  }
  return { nodeMs: (usage.user + usage.system) / 1000, postgresMs };
}

/** The processes sampleCpu counts, asked of pg_stat_activity. */
export const POSTGRES_PIDS_SQL = `select pid from pg_stat_activity where datname = current_database()`;

/** What each side used between two samples, per request. */
export function cpuPerRequest(
  before: CpuSample,
  after: CpuSample,
  requests: number,
): { nodeMs: number; postgresMs: number; totalMs: number } {
  const nodeMs = (after.nodeMs - before.nodeMs) / requests;
  let postgresTotal = 0;
  for (const [pid, ms] of after.postgresMs) postgresTotal += ms - (before.postgresMs.get(pid) ?? 0);
  const postgresMs = postgresTotal / requests;
  return { nodeMs, postgresMs, totalMs: nodeMs + postgresMs };
}

const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

/** A PostgreSQL process's user and system time (proc(5), fields 14 and 15); null if gone. */
function postgresCpuMs(pid: number): number | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // The command is in parentheses and may itself hold spaces or parentheses.
  const open = text.indexOf('(');
  const close = text.lastIndexOf(')');
  if (text.slice(open + 1, close) !== 'postgres') return null;
  // After the command, the first field is field 3 (state): field N is fields[N - 3].
  const fields = text.slice(close + 2).split(' ');
  const ticks = Number(fields[14 - 3]) + Number(fields[15 - 3]);
  return (ticks / TICKS_PER_SECOND) * 1000;
}
