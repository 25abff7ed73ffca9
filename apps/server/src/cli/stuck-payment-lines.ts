import type { StuckPayment } from '../domain/payments/stuck-payments.ts';

/** One line per attempt; the columns staff need to find it at the gateway. */
export function stuckPaymentLines(payments: StuckPayment[]): string[] {
  if (payments.length === 0) return ['No stuck payments.'];
  const header = ['site', 'order', 'payment number', 'method', 'amount', 'age', 'last answer'];
  const rows = payments.map((payment) => [
    payment.site,
    String(payment.orderId),
    payment.paymentNumber,
    payment.method,
    `${payment.amount} ${payment.currency}`,
    `${payment.ageHours.toFixed(1)} h`,
    payment.lastAnswer ?? '(none)',
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((cell, i) => (i === cells.length - 1 ? cell : cell.padEnd(widths[i]!))).join('  ');
  return [line(header), ...rows.map(line), `${payments.length} stuck payment(s).`];
}
