import { describe, expect, it } from 'vitest';
import { namedStatement } from './named-statement.ts';

describe('namedStatement', () => {
  const statement = namedStatement<{ span: number; seats: number; tokens: string[] }>(
    (v) =>
      `UPDATE t SET held = held + ${v.seats} WHERE id = ${v.span} AND free >= ${v.seats} AND ${v.tokens}::text[] <> '{}'`,
  );

  it('numbers each name once, by first use', () => {
    expect(statement.text).toBe(
      "UPDATE t SET held = held + $1 WHERE id = $2 AND free >= $1 AND $3::text[] <> '{}'",
    );
  });

  it('lays the values out in that order, whatever order they are given in', () => {
    expect(statement.values({ tokens: ['a', 'b'], span: 7, seats: 2 })).toEqual([2, 7, ['a', 'b']]);
  });

  it('refuses a value the statement does not use', () => {
    const values = { span: 7, seats: 2, tokens: [], spare: 1 } as unknown as Parameters<
      typeof statement.values
    >[0];
    expect(() => statement.values(values)).toThrow('values the statement does not use: spare');
  });
});
