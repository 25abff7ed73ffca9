import {
  parseVisitorActorLabel,
  type SystemActorLabel,
  type VisitorActorName,
  type VisitorActorObject,
} from '@kippu/contract/console/audit-actors';
import type { AuditEvent } from '@kippu/contract/console/audit-schemas';
import type { Translate } from '../i18n/console-i18n.tsx';

type Actor = AuditEvent['actor'];

/**
 * The text key of each job's words (texts/<lang>.json): a code the contract adds to SYSTEM_ACTOR_LABELS
 * without one here fails `tsc`, and actor-texts.test.ts asks every key in every language. Keyed by hand, as
 * the codes are command lines too.
 */
export const SYSTEM_ACTOR_KEYS = {
  webhooks: 'actor_system_webhooks',
  'visitor-moves': 'actor_system_visitor_moves',
  refunds: 'actor_system_refunds',
  'payment settlement': 'actor_system_payment_settlement',
  'allotment release': 'actor_system_allotment_release',
  'npm run staff -- create-owner': 'actor_system_create_owner',
  'npm run invite': 'actor_system_invite',
  'npm run import-members': 'actor_system_import_members',
  'npm run gate-key': 'actor_system_gate_key',
  'npm run spot-qr': 'actor_system_spot_qr',
} as const satisfies Record<SystemActorLabel, `actor_system_${string}`>;

/** A visitor's words by what named them: `{id}` in each is the object's id as stored. */
export const VISITOR_ACTOR_KEYS = {
  order: 'actor_visitor_order',
  reservation: 'actor_visitor_reservation',
  ticket: 'actor_visitor_ticket',
  'console sign-in': 'actor_visitor_console_sign_in',
} as const satisfies Record<VisitorActorObject | VisitorActorName, `actor_visitor_${string}`>;

const SYSTEM_KEY: Readonly<Record<string, string>> = SYSTEM_ACTOR_KEYS;
const hasOwn = (map: object, key: string) => Object.prototype.hasOwnProperty.call(map, key);

/**
 * The words of a label the server wrote itself (a job's code, a visitor's `order 12`), or null: the label is
 * free text (a staff member's or a device's name, an API token's) or one this console does not know (a row
 * older or newer than its lists), which is shown as stored.
 */
export function actorLabelWords(t: Translate, kind: Actor['kind'], label: string): string | null {
  if (kind === 'system') return hasOwn(SYSTEM_KEY, label) ? t(SYSTEM_KEY[label]!) : null;
  if (kind !== 'visitor') return null;
  const visitor = parseVisitorActorLabel(label);
  if (visitor === null) return null;
  return 'name' in visitor
    ? t(VISITOR_ACTOR_KEYS[visitor.name])
    : t(VISITOR_ACTOR_KEYS[visitor.object], { id: visitor.id });
}

/** Who it was, past the kind: the label in words (or as stored), else the staff member's or device's id. */
export function actorWho(t: Translate, actor: Actor): string | null {
  if (actor.label !== null) return actorLabelWords(t, actor.kind, actor.label) ?? actor.label;
  if (actor.staff_id !== null) return t('audit_actor_staff_id', { id: actor.staff_id });
  if (actor.device_id !== null) return t('audit_actor_device_id', { id: actor.device_id });
  return null;
}

/**
 * An audit event's actor as the staff member reads it, the same on the audit log and an order's timeline:
 * its kind, then who (`システム · 返金処理`, `来場者 · 注文 1`, `スタッフ · 佐藤`), or the kind alone.
 */
export function actorName(t: Translate, actor: Actor): string {
  const kind = t(`audit_actor_${actor.kind}`);
  const who = actorWho(t, actor);
  return who === null ? kind : `${kind} · ${who}`;
}
