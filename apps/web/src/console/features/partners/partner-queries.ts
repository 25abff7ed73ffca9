import { permits } from '@kippu/contract/console/permissions';
import type { ConsoleSession } from '../../shared/session/session-api.ts';

/** Query keys; `one` is the same key the API tokens screen reads a partner's name under. */
export const partnerKeys = {
  all: ['console', 'partners'] as const,
  list: ['console', 'partners', 'list'] as const,
  one: (id: number) => ['console', 'partners', 'one', id] as const,
};

/** Integrations write: create and change partners, revoke their tokens (the API checks it again). */
export function canWritePartners(session: ConsoleSession): boolean {
  return Boolean(session.permissions && permits(session.permissions.integrations, 'write'));
}
