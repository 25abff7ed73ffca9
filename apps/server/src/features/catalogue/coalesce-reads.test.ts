import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { coalesceReads } from './coalesce-reads.ts';

const dbA = {} as Db;
const dbB = {} as Db;

function deferredLoader() {
  const calls: { input: unknown; resolve: (value: string) => void; reject: (error: Error) => void }[] = [];
  const load = (_db: Db, input: unknown) =>
    new Promise<string>((resolve, reject) => calls.push({ input, resolve, reject }));
  return { calls, load };
}

describe('coalesceReads', () => {
  it('shares one load among identical concurrent calls', async () => {
    const { calls, load } = deferredLoader();
    const read = coalesceReads(load);
    const first = read(dbA, { date: '2027-01-01' });
    const second = read(dbA, { date: '2027-01-01' });
    expect(calls).toHaveLength(1);
    calls[0]!.resolve('answer');
    expect(await first).toBe('answer');
    expect(await second).toBe('answer');
  });

  it('loads again once the earlier load has settled', async () => {
    const { calls, load } = deferredLoader();
    const read = coalesceReads(load);
    const first = read(dbA, { id: 1 });
    calls[0]!.resolve('old');
    await first;
    const second = read(dbA, { id: 1 });
    expect(calls).toHaveLength(2);
    calls[1]!.resolve('new');
    expect(await second).toBe('new');
  });

  it('keeps different inputs and different databases apart', () => {
    const { calls, load } = deferredLoader();
    const read = coalesceReads(load);
    void read(dbA, { id: 1 });
    void read(dbA, { id: 2 });
    void read(dbB, { id: 1 });
    expect(calls.map((c) => c.input)).toEqual([{ id: 1 }, { id: 2 }, { id: 1 }]);
  });

  it('passes a failure to every waiter and forgets it', async () => {
    const { calls, load } = deferredLoader();
    const read = coalesceReads(load);
    const first = read(dbA, { id: 1 });
    const second = read(dbA, { id: 1 });
    calls[0]!.reject(new Error('boom'));
    await expect(first).rejects.toThrow('boom');
    await expect(second).rejects.toThrow('boom');
    void read(dbA, { id: 1 });
    expect(calls).toHaveLength(2);
  });
});
