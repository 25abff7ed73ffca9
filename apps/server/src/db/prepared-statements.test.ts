import { describe, expect, it } from 'vitest';
import {
  isStalePreparedStatement,
  MAX_PREPARED_STATEMENTS,
  preparedName,
  withPreparedName,
} from './prepared-statements.ts';

describe('withPreparedName', () => {
  const text = 'SELECT id FROM orders WHERE order_token = $1';

  it('runs a statement unnamed on its first call, named after its text from the second, the same name every time', () => {
    const first = ['SELECT $1::int AS first_call', [1]];
    expect(withPreparedName(first)).toBe(first);
    const [config] = withPreparedName(['SELECT $1::int AS first_call', [2]]) as [{ name: string }];
    expect(config).toEqual({ text: 'SELECT $1::int AS first_call', values: [2], name: expect.any(String) });
    expect(config.name).toMatch(/^k[\w-]{22}$/);
    expect(preparedName('SELECT $1::int AS first_call')).toBe(config.name);
    preparedName(text);
    expect(preparedName(text)).not.toBe(config.name);
  });

  it('keeps the callback and the config form, and a name the caller chose', () => {
    const callback = () => undefined;
    expect(withPreparedName([text, [1], callback])[1]).toBe(callback);
    const [config] = withPreparedName([{ text, values: [1], rowMode: 'array' }]) as [Record<string, unknown>];
    expect(config).toMatchObject({ text, rowMode: 'array', name: preparedName(text) });
    const own = { text, values: [1], name: 'hold' };
    expect(withPreparedName([own])[0]).toBe(own);
  });

  it('leaves a statement without parameters to the simple protocol (a migration is many statements)', () => {
    const migration = ['CREATE TABLE a (id int); CREATE TABLE b (id int)'];
    expect(withPreparedName(migration)).toBe(migration);
    expect(withPreparedName(migration)).toBe(migration);
    const empty = ['SELECT 1', []];
    expect(withPreparedName(empty)).toBe(empty);
    const noValues = [{ text: 'SELECT 1' }];
    expect(withPreparedName(noValues)).toBe(noValues);
  });

  it('tells the stale-plan error from others', () => {
    const stale = Object.assign(new Error('cached plan must not change result type'), { code: '0A000' });
    expect(isStalePreparedStatement(stale)).toBe(true);
    expect(isStalePreparedStatement(Object.assign(new Error('other'), { code: '0A000' }))).toBe(false);
    expect(isStalePreparedStatement(undefined)).toBe(false);
  });
});

describe('the bound on prepared statements', () => {
  it('stops naming new texts at the bound and keeps the names it gave', () => {
    const kept = 'SELECT $1::int AS named_before_the_bound';
    preparedName(kept);
    const name = preparedName(kept);
    for (let n = 0; n < MAX_PREPARED_STATEMENTS; n += 1) {
      preparedName(`SELECT $1::int AS filler_${n}`);
      preparedName(`SELECT $1::int AS filler_${n}`);
    }
    const past = ['SELECT $1::int AS past_the_bound', [1]];
    expect(withPreparedName(past)).toBe(past);
    expect(withPreparedName(past)).toBe(past);
    expect(preparedName(kept)).toBe(name);
  });
});
