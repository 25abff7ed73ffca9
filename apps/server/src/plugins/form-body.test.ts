import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { decodeGmo } from '../payments/gmo/gmo-protocol.ts';
import { registerFormBody } from './form-body.ts';

async function echo(options?: Parameters<typeof registerFormBody>[1]) {
  const app = Fastify();
  await registerFormBody(app, options);
  app.post('/form', async (request) => request.body);
  await app.ready();
  return app;
}

const post = (app: Awaited<ReturnType<typeof echo>>, payload: string) =>
  app.inject({
    method: 'POST',
    url: '/form',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload,
  });

describe('the gateways’ form body', () => {
  it('decodes as a browser form: + is a space, percent escapes in UTF-8, a repeated name keeps its last value', async () => {
    const app = await echo();
    const answer = await post(
      app,
      'name=%E5%B1%B1%E7%94%B0+%E5%A4%AA%E9%83%8E&a=1&a=2&metadata%5Bkey%5D=x&empty=',
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ name: '山田 太郎', a: '2', 'metadata[key]': 'x', empty: '' });
    await app.close();
  });

  it('refuses a body over the limit with 413, 16 KiB unless a route says otherwise', async () => {
    const app = await echo();
    expect((await post(app, `a=${'x'.repeat(16 * 1024)}`)).statusCode).toBe(413);
    expect((await post(app, `a=${'x'.repeat(16 * 1024 - 10)}`)).statusCode).toBe(200);
    await app.close();
    const larger = await echo({ bodyLimit: 32 * 1024 });
    expect((await post(larger, `a=${'x'.repeat(20 * 1024)}`)).statusCode).toBe(200);
    await larger.close();
  });

  it('takes a gateway’s own decoder (GMO’s answers end in a line break)', async () => {
    const app = await echo({ parser: decodeGmo });
    expect((await post(app, 'AccessID=abc&Amount=1000\r\n')).json()).toEqual({
      AccessID: 'abc',
      Amount: '1000',
    });
    await app.close();
  });
});
