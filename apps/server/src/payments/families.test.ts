import { describe, expect, it } from 'vitest';
import { PAYMENT_METHOD_KINDS, PAYMENT_METHODS } from '@kippu/contract';
import { PAYMENT_FAMILIES } from './families.ts';

describe('the product payment families (ADR 059)', () => {
  const declared = PAYMENT_FAMILIES.flatMap((family) =>
    family.methods.map((method) => ({ family: family.name, ...method })),
  );

  it('declare each of the contract’s methods once, with the kind its contract entry gives', () => {
    expect(declared.map((method) => method.id).sort()).toEqual([...PAYMENT_METHODS].sort());
    for (const method of declared) {
      expect(method.kind, method.id).toBe(
        PAYMENT_METHOD_KINDS[method.id as keyof typeof PAYMENT_METHOD_KINDS],
      );
    }
  });

  it('have one folder name each', () => {
    const names = PAYMENT_FAMILIES.map((family) => family.name);
    expect(new Set(names).size).toBe(names.length);
  });
});
