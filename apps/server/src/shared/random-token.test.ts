import { describe, expect, it } from 'vitest';
import { randomToken } from './random-token.ts';

describe('randomToken', () => {
  it('answers 22 URL-safe characters (128 bits), never the same twice across pool refills', () => {
    const tokens = Array.from({ length: 2000 }, () => randomToken());
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(new Set(tokens).size).toBe(tokens.length);
    expect(Buffer.from(tokens[0]!, 'base64url')).toHaveLength(16);
  });
});
