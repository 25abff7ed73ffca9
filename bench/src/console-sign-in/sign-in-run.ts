import { percentile } from '../shared/percentile.ts';

/** The console's sign-in route (contract: consoleSignIn, mount console). */
export function signInUrl(baseUrl: string): string {
  return `${baseUrl}/console/api/v1/session`;
}

let clients = 0;

/**
 * A different client per sign-in (the server trusts loopback as its proxy, as hot-slot's visitors do): the
 * per-client limit is the server's answer to one address's flood, which these runs do not measure.
 */
function nextClient(): string {
  clients += 1;
  return `10.${200 + ((clients >> 16) & 15)}.${(clients >> 8) & 255}.${clients & 255}`;
}

export interface SignInAttempt {
  email: string;
  password: string;
}

export interface SignInResult {
  latenciesMs: number[];
  /** Answers by status, e.g. { 200: 198, 401: 2 }. */
  statuses: Record<string, number>;
  /** Network errors and time-outs. */
  errors: number;
  seconds: number;
}

/** One sign-in over its own connection-less fetch; answers the status, or 'error'. */
async function signIn(baseUrl: string, attempt: SignInAttempt): Promise<number | 'error'> {
  try {
    const response = await fetch(signInUrl(baseUrl), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        // A write from the console's own page: the console checks Origin on every write.
        origin: baseUrl,
        'x-forwarded-for': nextClient(),
      },
      body: JSON.stringify(attempt),
      signal: AbortSignal.timeout(60_000),
    });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 'error';
  }
}

/**
 * `concurrency` loops, each signing in one attempt after another, until `total` attempts were made or
 * `until` resolves (a flood that lasts as long as another run); each attempt's time is measured on its own.
 */
export async function runSignIns(input: {
  baseUrl: string;
  concurrency: number;
  attempt: (index: number) => SignInAttempt;
  total?: number;
  until?: Promise<unknown>;
}): Promise<SignInResult> {
  let next = 0;
  let stopped = false;
  void input.until?.then(() => (stopped = true));
  const latenciesMs: number[] = [];
  const statuses: Record<string, number> = {};
  let errors = 0;
  const started = performance.now();
  const loop = async () => {
    for (;;) {
      if (stopped || (input.total !== undefined && next >= input.total)) return;
      const index = next++;
      const began = performance.now();
      const status = await signIn(input.baseUrl, input.attempt(index));
      latenciesMs.push(performance.now() - began);
      if (status === 'error') errors += 1;
      else statuses[status] = (statuses[status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: input.concurrency }, loop));
  return { latenciesMs, statuses, errors, seconds: (performance.now() - started) / 1000 };
}

export function summary(result: SignInResult): { p50: number; p99: number; max: number; perSecond: number } {
  return {
    p50: percentile(result.latenciesMs, 50),
    p99: percentile(result.latenciesMs, 99),
    max: Math.max(...result.latenciesMs),
    perSecond: result.latenciesMs.length / result.seconds,
  };
}
