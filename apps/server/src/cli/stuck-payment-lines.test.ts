import { describe, expect, it } from 'vitest';
import { stuckPaymentLines } from './stuck-payment-lines.ts';

describe('npm run stuck-payments', () => {
  it('lists site, order, payment number, method, amount, age and last answer, one attempt a line', () => {
    const lines = stuckPaymentLines([
      {
        site: 'DEMO',
        orderId: 42,
        paymentNumber: 'pn-1',
        method: 'gmo_paypay',
        amount: 3000,
        currency: 'JPY',
        createdAt: new Date('2026-11-26T00:00:00Z'),
        stuckAt: new Date('2026-11-27T00:00:00Z'),
        ageHours: 25.04,
        lastAnswer: 'reconciliation {"status":"pending"} at 2026-11-27T00:00:00.000Z',
      },
    ]);
    expect(lines[0]).toMatch(/^site\s+order\s+payment number\s+method\s+amount\s+age\s+last answer$/);
    expect(lines[1]).toMatch(
      /^DEMO\s+42\s+pn-1\s+gmo_paypay\s+3000 JPY\s+25\.0 h\s+reconciliation \{"status":"pending"\}/,
    );
    expect(lines.at(-1)).toBe('1 stuck payment(s).');
  });

  it('says so when there are none', () => {
    expect(stuckPaymentLines([])).toEqual(['No stuck payments.']);
  });
});
