import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { spawnServer, type ServerChild } from './server-child.ts';
import { cloneTemplate } from './test-database.ts';

/** Long enough for the checks below on a loaded machine; the server exits right after it. */
const DRAIN_MS = 4000;

/**
 * The real server process on SIGTERM (issue 31, ADR 099): `/readyz` turns 503 at once while the server goes
 * on answering for SHUTDOWN_DRAIN_MS, so a load balancer takes it out before it stops accepting; then it
 * exits cleanly. Its output into a pipe is JSON lines (a terminal would get readable ones).
 */
describe('draining on SIGTERM', () => {
  let server: ServerChild;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const { adminUrl, template } = inject('testDatabase');
    const clone = await cloneTemplate(adminUrl, template);
    drop = clone.drop;
    server = await spawnServer({
      DATABASE_URL: clone.url,
      LOG_LEVEL: 'info',
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
    });
    await server.ready();
  });
  afterAll(async () => {
    server?.kill();
    await server?.exited;
    await drop?.();
  });

  const status = async (path: string) => (await fetch(server.baseUrl + path)).status;

  it('says not ready while it still answers, then exits 0', async () => {
    expect(await status('/readyz')).toBe(200);
    process.kill(server.pid, 'SIGTERM');
    // The signal is handled asynchronously: ask until the process has taken it.
    let ready = 200;
    for (let tries = 0; tries < 100 && ready === 200; tries += 1) {
      ready = await status('/readyz');
      if (ready === 200) await sleep(20);
    }
    expect(ready).toBe(503);
    const answer = await fetch(`${server.baseUrl}/readyz`);
    expect(await answer.json()).toEqual({ error: 'temporarily unavailable', reason: 'draining' });
    // Still serving: alive, and a visitor's call the balancer sent before it noticed is answered.
    expect(await status('/healthz')).toBe(200);
    expect(await status('/borderless/api/v1/langs')).toBe(200);
    expect(await server.exited).toEqual({ code: 0, signal: null });

    // Into a pipe the log is JSON lines, the start's announcement among them.
    const lines = server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { msg?: string });
    expect(lines.some((line) => line.msg?.startsWith('Kippu is running at'))).toBe(true);
    expect(lines.some((line) => line.msg?.startsWith('SIGTERM: stopping'))).toBe(true);
    expect(server.output()).not.toMatch(/^\d\d:\d\d:\d\d\.\d{3} INFO /m);
  });
});
