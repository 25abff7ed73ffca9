import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { databaseUrl } from '../src/db/database-url.ts';
import { spawnServer, type ServerChild } from './server-child.ts';
import { admin } from './test-database.ts';

/**
 * ADR 060: a production start never loads the gateway simulator. The server runs as a real process with
 * module hooks (fixtures/forbid-simulator) under which resolving any file of apps/gateway-simulator throws;
 * a production start on a fresh database must come up and serve, while a start with the simulator on,
 * under the same hooks, fails naming the simulator (so the hooks do catch the server's one door).
 */
/** What the hooks' error says (fixtures/forbid-simulator/hooks.mjs). */
const FORBIDDEN_MARK = 'GATEWAY SIMULATOR LOADED';
const FORBID = `--import=${fileURLToPath(new URL('./fixtures/forbid-simulator/register.mjs', import.meta.url))}`;

const servers: ServerChild[] = [];
let drop: () => Promise<void>;
let url: string;

beforeAll(async () => {
  const { adminUrl } = inject('testDatabase');
  // Empty, not the seeded template: the demo rows carry the repository's secrets, which production refuses.
  const name = `kippu_prod_${randomBytes(6).toString('hex')}`;
  await admin(adminUrl, (c) => c.query(`CREATE DATABASE ${name}`));
  url = databaseUrl(adminUrl, name);
  drop = async () => {
    await admin(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  };
});

afterAll(async () => {
  servers.forEach((server) => server.kill());
  await Promise.all(servers.map((server) => server.exited));
  await drop?.();
});

function start(env: Record<string, string>): Promise<ServerChild> {
  return spawnServer({
    DATABASE_URL: url,
    NODE_OPTIONS: [process.env.NODE_OPTIONS, FORBID].filter(Boolean).join(' '),
    ...env,
  }).then((server) => {
    servers.push(server);
    return server;
  });
}

describe('the gateway simulator in production (real processes)', () => {
  it('a production start migrates, serves and runs its jobs without ever loading it', async () => {
    const [production, simulated] = await Promise.all([
      start({ NODE_ENV: 'production', APP_SECRET: randomBytes(48).toString('base64'), LOG_LEVEL: 'info' }),
      start({ NODE_ENV: 'development', GATEWAY_SIMULATOR: 'on' }),
    ]);

    // The control: with the simulator on, the hooks stop the start at the door.
    expect((await simulated.exited).code).not.toBe(0);
    expect(simulated.output()).toContain(`${FORBIDDEN_MARK}: file://`);
    expect(simulated.output()).toContain('apps/server/src/payments/gateway-simulator.ts');

    await production.ready();
    // The site's settings (its payment methods among them) and a page on top of the ready check; the job
    // runner's first rounds (reconciliation included) meanwhile.
    expect((await fetch(`${production.baseUrl}/borderless/api/v1/configurations`)).status).toBe(200);
    expect((await fetch(`${production.baseUrl}/borderless/en`)).status).toBeLessThan(500);
    await sleep(500);
    expect(production.hasExited()).toBe(false);
    expect(production.output()).not.toContain(FORBIDDEN_MARK);
  }, 60_000);
});
