import autocannon from 'autocannon';

/** A browser on the SPA carries the XSRF cookie on every call; GETs need no header. */
export const BROWSER_HEADERS = { cookie: 'XSRF-TOKEN=bench' };

export interface LoadResult {
  /** Answers with the expected status per second of wall time; errors do not count. */
  reqPerSec: number;
  p99Ms: number;
  expected: number;
  /** Any other status, socket error or time-out. */
  errors: number;
  /** What the errors were, for the report. */
  errorKinds: Record<string, number>;
  /** Server CPU time per answered request in µs over the measured run (NaN where unknown). */
  cpuUsPerRequest: number;
}

export interface LoadInput {
  url: string;
  expectedStatus: number;
  connections: number;
  durationSeconds: number;
}

function drive(input: LoadInput, durationSeconds: number) {
  return autocannon({
    url: input.url,
    method: 'GET',
    headers: BROWSER_HEADERS,
    connections: input.connections,
    pipelining: 1,
    duration: durationSeconds,
    timeout: 10,
  });
}

/**
 * An unmeasured run first (warm-up), then the measured one on the same URL. `cpuMs` reads the CPU time of
 * the process(es) answering, before and after the measured run.
 */
export async function runLoad(
  input: LoadInput & { warmupSeconds: number },
  cpuMs: () => number | undefined = () => undefined,
): Promise<LoadResult> {
  if (input.warmupSeconds > 0) await drive(input, input.warmupSeconds);
  const cpuBefore = cpuMs();
  const started = performance.now();
  const result = await drive(input, input.durationSeconds);
  const seconds = (performance.now() - started) / 1000;
  const cpuAfter = cpuMs();
  let expected = 0;
  const errorKinds: Record<string, number> = {};
  for (const [status, stats] of Object.entries(result.statusCodeStats ?? {})) {
    const count = stats.count ?? 0;
    if (Number(status) === input.expectedStatus) expected += count;
    else errorKinds[status] = (errorKinds[status] ?? 0) + count;
  }
  // autocannon counts time-outs among errors.
  if (result.errors > 0) errorKinds['socket errors/time-outs'] = result.errors;
  const errors = Object.values(errorKinds).reduce((sum, n) => sum + n, 0);
  const answered = expected + errors;
  const cpuUsPerRequest =
    cpuBefore === undefined || cpuAfter === undefined || answered === 0
      ? Number.NaN
      : ((cpuAfter - cpuBefore) * 1000) / answered;
  return {
    reqPerSec: expected / seconds,
    p99Ms: result.latency.p99,
    expected,
    errors,
    errorKinds,
    cpuUsPerRequest,
  };
}
