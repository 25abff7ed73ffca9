import { parseArgs } from 'node:util';
import { LANG_CODES, type LangCode } from '@kippu/contract';
import type { InvitationRequest } from '../domain/mail/create-invitation.ts';

export const INVITE_USAGE = `Invite a visitor to an invitation-only site (ADR 020): queues the invitation mail.

  npm run invite -- --site MORI --email guest@example.com --product <product uuid> \\
                    --time-span <slot id> --tickets <ticket type id>:<count>[,<id>:<count>...] [--lang en]

  npm run invite -- --site MORI --list      products, ticket types and the next open slots of a site

--lang is the language of the mail and the order (${LANG_CODES.join(', ')}; default ja).`;

export type InviteCommand =
  { kind: 'invite'; request: InvitationRequest } | { kind: 'list'; siteCode: string } | { kind: 'help' };

/** A command line the operator must correct; the message says what is wrong. */
export class UsageError extends Error {
  override name = 'UsageError';
}

function required(value: string | undefined, flag: string): string {
  if (!value) throw new UsageError(`${flag} is required`);
  return value;
}

function parseTickets(text: string): InvitationRequest['tickets'] {
  return text.split(',').map((part) => {
    const match = /^\s*(\d+)\s*:\s*(\d+)\s*$/.exec(part);
    if (!match) throw new UsageError(`--tickets: "${part}" is not <ticket type id>:<count>`);
    return { optionValueId: Number(match[1]), quantity: Number(match[2]) };
  });
}

/** Reads `npm run invite -- ...` arguments. */
export function parseInviteArgs(args: string[]): InviteCommand {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      options: {
        site: { type: 'string' },
        email: { type: 'string' },
        product: { type: 'string' },
        'time-span': { type: 'string' },
        tickets: { type: 'string' },
        lang: { type: 'string', default: 'ja' },
        list: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.help) return { kind: 'help' };
  const siteCode = required(values.site, '--site').toUpperCase();
  if (values.list) return { kind: 'list', siteCode };
  const lang = values.lang as LangCode;
  if (!LANG_CODES.includes(lang)) throw new UsageError(`--lang must be one of ${LANG_CODES.join(', ')}`);
  const timeSpan = required(values['time-span'], '--time-span');
  if (!/^\d+$/.test(timeSpan)) throw new UsageError('--time-span must be a slot id (a number)');
  return {
    kind: 'invite',
    request: {
      siteCode,
      email: required(values.email, '--email').trim(),
      lang,
      productUuid: required(values.product, '--product'),
      timeSpanId: Number(timeSpan),
      tickets: parseTickets(required(values.tickets, '--tickets')),
    },
  };
}
