import { stuckPayments } from '../domain/payments/stuck-payments.ts';
import { stuckPaymentLines } from './stuck-payment-lines.ts';
import { runCommand, withCliDatabase } from './run-command.ts';

export const STUCK_PAYMENTS_USAGE = `Stuck payments (ADR 047): payment attempts the gateway kept answering "pending" or
never answered for PAYMENT_STUCK_AFTER_HOURS. They are no longer asked about and their orders carry
staff_attention_reason 'payment_unresolved'. Look each one up in the gateway's console by its payment number
or order id, then refund it or book it by hand.

  npm run stuck-payments`;

async function main(argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(STUCK_PAYMENTS_USAGE);
    return 0;
  }
  return withCliDatabase(async (database) => {
    for (const line of stuckPaymentLines(await stuckPayments(database.db))) console.log(line);
    return 0;
  });
}

runCommand(main);
