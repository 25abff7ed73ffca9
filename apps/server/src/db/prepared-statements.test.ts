import { describe, expect, it } from 'vitest';
import {
  isStalePreparedStatement,
  MAX_PARAMETERS,
  PreparedNames,
  withoutPreparedName,
  withPreparedName,
} from './prepared-statements.ts';

describe('withPreparedName', () => {
  const text = 'SELECT id FROM orders WHERE order_token = $1';

  it('runs a statement unnamed on its first call, named after its text from the second, the same name every time', () => {
    const names = new PreparedNames();
    const first = [text, [1]];
    expect(withPreparedName(first, names)).toBe(first);
    const [config] = withPreparedName([text, [2]], names) as [{ name: string }];
    expect(config).toEqual({ text, values: [2], name: expect.any(String) });
    expect(config.name).toMatch(/^k[\w-]{22}$/);
    expect(names.nameOf(text)).toBe(config.name);
    // Another process (another registry) gives the text the same name; another text gets another.
    const elsewhere = new PreparedNames();
    elsewhere.nameOf(text);
    expect(elsewhere.nameOf(text)).toBe(config.name);
    elsewhere.nameOf(`${text} `);
    expect(elsewhere.nameOf(`${text} `)).not.toBe(config.name);
  });

  it('keeps the callback and the config form, and a name the caller chose', () => {
    const names = new PreparedNames();
    names.nameOf(text);
    const callback = () => undefined;
    expect(withPreparedName([text, [1], callback], names)[1]).toBe(callback);
    const [config] = withPreparedName([{ text, values: [1], rowMode: 'array' }], names) as [
      Record<string, unknown>,
    ];
    expect(config).toMatchObject({ text, rowMode: 'array', name: names.nameOf(text) });
    const own = { text, values: [1], name: 'hold' };
    expect(withPreparedName([own], names)[0]).toBe(own);
  });

  it('leaves to the simple protocol a statement without parameters (a migration is many statements)', () => {
    const names = new PreparedNames();
    const migration = ['CREATE TABLE a (id int); CREATE TABLE b (id int)'];
    expect(withPreparedName(migration, names)).toBe(migration);
    expect(withPreparedName(migration, names)).toBe(migration);
    const empty = ['SELECT 1', []];
    expect(withPreparedName(empty, names)).toBe(empty);
    const noValues = [{ text: 'SELECT 1' }];
    expect(withPreparedName(noValues, names)).toBe(noValues);
  });

  it('does not name a text with more parameters than a fixed statement has (an IN list of any length)', () => {
    const names = new PreparedNames();
    const list = Array.from({ length: MAX_PARAMETERS + 1 }, (_, i) => i);
    const text = `SELECT id FROM orders WHERE id IN (${list.map((i) => `$${i + 1}`).join(', ')})`;
    const args = [text, list];
    expect(withPreparedName(args, names)).toBe(args);
    expect(withPreparedName(args, names)).toBe(args);
  });

  it('switched off, takes even the names the code chose itself away', () => {
    const [config] = withoutPreparedName([{ name: 'catalogue-find-slots', text, values: [1] }]) as [
      Record<string, unknown>,
    ];
    expect(config).toEqual({ name: undefined, text, values: [1] });
    const plain = [text, [1]];
    expect(withoutPreparedName(plain)).toBe(plain);
  });

  it('tells a prepared statement its connection can no longer run from other errors', () => {
    const stale = Object.assign(new Error('cached plan must not change result type'), { code: '0A000' });
    expect(isStalePreparedStatement(stale)).toBe(true);
    const worded = Object.assign(new Error('le plan en cache ne doit pas changer'), {
      code: '0A000',
      routine: 'RevalidateCachedQuery',
    });
    expect(isStalePreparedStatement(worded)).toBe(true);
    const gone = Object.assign(new Error('prepared statement "k1" does not exist'), { code: '26000' });
    expect(isStalePreparedStatement(gone)).toBe(true);
    expect(isStalePreparedStatement(Object.assign(new Error('other'), { code: '0A000' }))).toBe(false);
    expect(isStalePreparedStatement(undefined)).toBe(false);
  });
});

describe('the bound on prepared statements', () => {
  it('stops naming new texts at the bound and keeps the names it gave', () => {
    const names = new PreparedNames(3);
    for (const n of [1, 2, 3]) names.nameOf(`SELECT $1::int AS n${n}`);
    const given = [1, 2, 3].map((n) => names.nameOf(`SELECT $1::int AS n${n}`));
    expect(given.every((name) => name !== undefined)).toBe(true);
    const past = ['SELECT $1::int AS past_the_bound', [1]];
    expect(withPreparedName(past, names)).toBe(past);
    expect(withPreparedName(past, names)).toBe(past);
    expect(names.nameOf('SELECT $1::int AS n1')).toBe(given[0]);
  });

  it('forgets texts seen once all at once past its own bound, so they cannot grow without end', () => {
    const names = new PreparedNames(500, 2);
    names.nameOf('SELECT $1::int AS a');
    names.nameOf('SELECT $1::int AS b');
    names.nameOf('SELECT $1::int AS c');
    // `a` was forgotten with `b` when `c` came: its second call is a first again.
    expect(names.nameOf('SELECT $1::int AS a')).toBeUndefined();
    expect(names.nameOf('SELECT $1::int AS c')).toBeDefined();
  });
});
