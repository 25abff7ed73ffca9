/**
 * Readable log lines for a person at a terminal (issue 31, ADR 099): `npm start` by hand shows
 * `10:00:01.234 INFO  [3f2a9c1e] POST /borderless/api/v1/orders 201 12 ms` instead of JSON. A few dozen lines
 * of our own rather than pino-pretty and its dependencies (install size, ADR 052): pino still builds the JSON
 * line (redaction included, ADR 049), this only re-reads it, and only when a person reads it.
 */

export type LogFormat = 'json' | 'pretty';

/** LOG_FORMAT when set; else pretty on a terminal and JSON into a pipe, a file or a collector. */
export function logFormatOf(setting: LogFormat | undefined, stdoutIsTerminal: boolean): LogFormat {
  return setting ?? (stdoutIsTerminal ? 'pretty' : 'json');
}

const LEVELS: Record<number, { name: string; colour: string }> = {
  10: { name: 'TRACE', colour: '90' },
  20: { name: 'DEBUG', colour: '36' },
  30: { name: 'INFO ', colour: '32' },
  40: { name: 'WARN ', colour: '33' },
  50: { name: 'ERROR', colour: '31' },
  60: { name: 'FATAL', colour: '35' },
};

/** What every line has and the header already shows. */
const HEADER_KEYS = new Set([
  'level',
  'time',
  'pid',
  'hostname',
  'msg',
  'reqId',
  'req',
  'res',
  'responseTime',
  'err',
]);

function two(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

function clock(time: unknown): string {
  const date = new Date(typeof time === 'number' ? time : Date.now());
  return `${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}.${two(date.getMilliseconds(), 3)}`;
}

function valueText(value: unknown): string {
  if (typeof value === 'string') return /^[^\s"=]+$/.test(value) ? value : JSON.stringify(value);
  return JSON.stringify(value) ?? String(value);
}

interface ErrorLike {
  type?: string;
  message?: string;
  stack?: string;
}

/** One JSON log line as a readable line (and an error's stack under it); a line that is not JSON as it is. */
export function prettyLine(json: string, colours: boolean): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json.endsWith('\n') ? json : `${json}\n`;
  }
  const paint = (code: string, text: string) => (colours ? `\u001b[${code}m${text}\u001b[0m` : text);
  const level = LEVELS[entry.level as number] ?? { name: String(entry.level).padEnd(5), colour: '0' };
  const parts = [paint('90', clock(entry.time)), paint(level.colour, level.name)];
  if (typeof entry.reqId === 'string') parts.push(paint('90', `[${entry.reqId.slice(0, 8)}]`));
  const req = entry.req as { method?: string; url?: string } | undefined;
  const res = entry.res as { statusCode?: number } | undefined;
  // Fastify's two lines per request read as one sentence each: what came in, how it ended.
  if (req?.method) parts.push(`${req.method} ${req.url ?? ''}`);
  if (typeof entry.msg === 'string' && entry.msg !== 'incoming request' && entry.msg !== 'request completed')
    parts.push(entry.msg);
  if (res?.statusCode !== undefined) {
    const code = res.statusCode;
    parts.push(paint(code >= 500 ? '31' : code >= 400 ? '33' : '0', String(code)));
  }
  if (typeof entry.responseTime === 'number') parts.push(`${Math.round(entry.responseTime)} ms`);
  for (const [key, value] of Object.entries(entry)) {
    if (!HEADER_KEYS.has(key)) parts.push(`${paint('90', `${key}=`)}${valueText(value)}`);
  }
  let line = parts.join(' ');
  const err = entry.err as ErrorLike | undefined;
  if (err)
    line += `\n    ${(err.stack ?? `${err.type ?? 'Error'}: ${err.message ?? ''}`).split('\n').join('\n    ')}`;
  return `${line}\n`;
}

/** A destination for pino that writes each JSON line, made readable, to `out` (colours on a terminal). */
export function prettyLogStream(out: NodeJS.WriteStream | NodeJS.WritableStream): {
  write(line: string): void;
} {
  const colours = 'isTTY' in out && out.isTTY === true && !process.env.NO_COLOR;
  return {
    write(chunk: string) {
      // pino writes one line per call, ending in a newline.
      for (const line of chunk.split('\n')) if (line !== '') out.write(prettyLine(line, colours));
    },
  };
}
