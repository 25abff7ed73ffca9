import { permits } from '@kippu/contract/console/permissions';
import type { ConsoleSession } from '../../shared/session/session-api.ts';

export const webhookKeys = {
  all: ['console', 'webhooks'] as const,
  list: ['console', 'webhooks', 'list'] as const,
  one: (id: number) => ['console', 'webhooks', 'one', id] as const,
  deliveries: (id: number) => ['console', 'webhooks', 'deliveries', id] as const,
};

/** Integrations write: create, change, rotate, ping, redeliver and delete (the API checks it again). */
export function canWriteIntegrations(session: ConsoleSession): boolean {
  return Boolean(session.permissions && permits(session.permissions.integrations, 'write'));
}
