import { formatPrice, visitWhen } from '@kippu/contract';
import { InvitationError } from '../domain/mail/create-invitation.ts';
import { createVisitorInvitation } from '../domain/mail/visitor-invitations.ts';
import { listInvitationChoices } from '../domain/mail/invitation-choices.ts';
import { INVITE_USAGE, UsageError, parseInviteArgs } from './invite-args.ts';
import { runCommand, withCliDatabase } from './run-command.ts';

/**
 * `npm run invite -- ...` (ADR 020, README "Invitations (MORI)"): the operator's tool to invite a visitor
 * to an invitation-only site. Writes the invitation and queues its mail; the server's mail worker sends it
 * (over MAIL_URL, or to the development mail page at /dev/mails).
 */
async function main(argv: string[]): Promise<number> {
  const command = parseInviteArgs(argv);
  if (command.kind === 'help') {
    console.log(INVITE_USAGE);
    return 0;
  }
  return withCliDatabase(async (database, env) => {
    if (command.kind === 'list') {
      const choices = await listInvitationChoices(database.db, command.siteCode, 'en');
      if (choices.length === 0) console.log(`${command.siteCode} has no web products.`);
      for (const product of choices) {
        console.log(
          `\n${product.name}  (${product.type}, ${product.minQuantity}-${product.maxQuantity} per order)`,
        );
        console.log(`  --product ${product.uuid}`);
        for (const t of product.ticketTypes)
          console.log(`  ticket type ${t.id}: ${t.name}, ${formatPrice(t.price, 'en')}`);
        for (const slot of product.nextSlots) {
          const { date, time } = visitWhen(product.type, slot.startsAt, slot.endsAt, 'en');
          const when = time ? `${date} ${time}` : date;
          console.log(`  --time-span ${slot.id}: ${when} (Tokyo), ${slot.remaining} left`);
        }
      }
      return 0;
    }
    // The console's function: the same invitation and mail, and its audit event (by the system).
    const actor = { kind: 'system', label: 'npm run invite' } as const;
    const created = await createVisitorInvitation(database.db, env, actor, command.request);
    console.log(`Invitation ${created.invitation.id} for ${command.request.email} (via ${database.via}).`);
    console.log('Its mail is queued; the server sends it.');
    console.log(`Link: ${created.url}`);
    if (!env.MAIL_URL && env.NODE_ENV !== 'production') {
      console.log(`MAIL_URL is not set: read the mail at http://localhost:${env.PORT}/dev/mails`);
    }
    return 0;
  });
}

runCommand(main, (error) => {
  if (error instanceof UsageError) return `${error.message}\n\n${INVITE_USAGE}`;
  if (error instanceof InvitationError) return `Not invited: ${error.message}`;
  return undefined;
});
