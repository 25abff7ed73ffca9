import { describe, expect, it } from 'vitest';
import { addressList, inAddressList, isLoopback, metricsAllowSchema } from '../config/metrics-allow.ts';
import { loadEnv } from '../config/env.ts';
import { logFormatOf, prettyLine, prettyLogStream } from './pretty-log.ts';

const TIME = new Date(2026, 10, 29, 10, 0, 1, 234).getTime();

describe('log format (ADR 099)', () => {
  it('is pretty on a terminal, JSON into a pipe, and LOG_FORMAT decides when set', () => {
    expect(logFormatOf(undefined, true)).toBe('pretty');
    expect(logFormatOf(undefined, false)).toBe('json');
    expect(logFormatOf('json', true)).toBe('json');
    expect(logFormatOf('pretty', false)).toBe('pretty');
    expect(loadEnv({ LOG_FORMAT: 'pretty' }).LOG_FORMAT).toBe('pretty');
    expect(() => loadEnv({ LOG_FORMAT: 'yaml' })).toThrow(/LOG_FORMAT/);
  });

  it("reads Fastify's request lines as one short sentence each, with the request id", () => {
    const incoming = JSON.stringify({
      level: 30,
      time: TIME,
      pid: 1,
      hostname: 'h',
      reqId: '3f2a9c1e-0000-4000-8000-000000000000',
      req: { method: 'POST', url: '/borderless/api/v1/orders' },
      msg: 'incoming request',
    });
    expect(prettyLine(incoming, false)).toBe(
      '10:00:01.234 INFO  [3f2a9c1e] POST /borderless/api/v1/orders\n',
    );
    const done = JSON.stringify({
      level: 30,
      time: TIME,
      reqId: 'lb-1',
      res: { statusCode: 201 },
      responseTime: 12.4,
      msg: 'request completed',
    });
    expect(prettyLine(done, false)).toBe('10:00:01.234 INFO  [lb-1] 201 12 ms\n');
  });

  it('keeps other fields as key=value and puts an error stack under the line', () => {
    const line = JSON.stringify({
      level: 50,
      time: TIME,
      msg: 'unhandled error',
      shed: 3,
      reason: 'two words',
      err: { type: 'Error', message: 'boom', stack: 'Error: boom\n    at here' },
    });
    expect(prettyLine(line, false)).toBe(
      '10:00:01.234 ERROR unhandled error shed=3 reason="two words"\n    Error: boom\n        at here\n',
    );
    expect(prettyLine(line, true)).toContain('\u001b[31mERROR\u001b[0m');
    expect(prettyLine('not json', false)).toBe('not json\n');
  });

  it('writes each line pino hands it, without colours into something that is not a terminal', () => {
    const written: string[] = [];
    const out = { write: (text: string) => written.push(text) } as unknown as NodeJS.WritableStream;
    prettyLogStream(out).write(`${JSON.stringify({ level: 40, time: TIME, msg: 'careful' })}\n`);
    expect(written).toEqual(['10:00:01.234 WARN  careful\n']);
  });
});

describe('METRICS_ALLOW (ADR 099)', () => {
  it('takes addresses and CIDR ranges, and names what it refuses', () => {
    expect(metricsAllowSchema.parse(' 10.0.5.0/24, 192.0.2.7 ,2001:db8::/32')).toEqual([
      '10.0.5.0/24',
      '192.0.2.7',
      '2001:db8::/32',
    ]);
    expect(metricsAllowSchema.parse(undefined)).toEqual([]);
    expect(() => loadEnv({ METRICS_ALLOW: '10.0.0.0/33, example.com' })).toThrow(
      /METRICS_ALLOW: not an address or CIDR range: 10.0.0.0\/33, example.com/,
    );
    expect(() => loadEnv({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });

  it('matches IPv4 clients of a dual-stack socket as IPv4, and knows loopback', () => {
    const list = addressList(['10.0.5.0/24', '2001:db8::1']);
    expect(inAddressList(list, '10.0.5.9')).toBe(true);
    expect(inAddressList(list, '::ffff:10.0.5.9')).toBe(true);
    expect(inAddressList(list, '10.0.6.9')).toBe(false);
    expect(inAddressList(list, '2001:db8::1')).toBe(true);
    expect(inAddressList(list, 'not an address')).toBe(false);
    expect(isLoopback('127.0.0.1')).toBe(true);
    expect(isLoopback('127.1.2.3')).toBe(true);
    expect(isLoopback('::1')).toBe(true);
    expect(isLoopback('::ffff:127.0.0.1')).toBe(true);
    expect(isLoopback('10.0.0.1')).toBe(false);
  });
});
