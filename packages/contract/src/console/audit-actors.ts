/**
 * The labels the server writes itself into an audit event's actor (audit_events.actor_label), beside the free
 * text of staff names, device names and API tokens (stored as typed). The console words each in six languages
 * (shared/actors in apps/web) and the server is typed with them: recordAudit's actor takes, for a system
 * actor, only a code of SYSTEM_ACTOR_LABELS and, for a visitor, only a VisitorActorLabel, so a new job or a
 * new shape fails `tsc -p apps/server` until it joins here (and the console's actor texts test asks for its
 * words). Never rename one: stored rows keep their labels, and a label the console does not know (a row
 * written before, or by a version since gone) shows as it is stored. No module import: the console's chunks
 * that show actors take this file alone.
 */

/**
 * The system's own actors: the jobs and listeners that change things on their own, and the operator commands
 * (`npm run …`, the command as typed, which is what an operator reading the log would look for).
 */
export const SYSTEM_ACTOR_LABELS = [
  'webhooks',
  'visitor-moves',
  'refunds',
  'payment settlement',
  'allotment release',
  'npm run staff -- create-owner',
  'npm run invite',
  'npm run import-members',
  'npm run gate-key',
  'npm run spot-qr',
] as const;
export type SystemActorLabel = (typeof SYSTEM_ACTOR_LABELS)[number];

/**
 * What names a visitor who did something: the purchase object the visitor held (their order, their
 * reservation, the ticket they tapped at a gate) and its id. Stored as `order 12` since the log began (issue
 * 27): readable in the table as it is, and the same text before and after this list, so no migration.
 */
export const VISITOR_ACTOR_OBJECTS = ['order', 'reservation', 'ticket'] as const;
export type VisitorActorObject = (typeof VISITOR_ACTOR_OBJECTS)[number];

/** A visitor named by no object: someone signing in to the console who is not (yet) a known staff member. */
export const VISITOR_ACTOR_NAMES = ['console sign-in'] as const;
export type VisitorActorName = (typeof VISITOR_ACTOR_NAMES)[number];

export type VisitorActorLabel = `${VisitorActorObject} ${number}` | VisitorActorName;

export type ParsedVisitorActor =
  { object: VisitorActorObject; id: string } | { name: VisitorActorName } | null;

const OBJECT_LABEL = new RegExp(`^(${VISITOR_ACTOR_OBJECTS.join('|')}) ([1-9]\\d*)$`);

/**
 * A stored visitor label read back (the console words it): the object and its id (a string, as ids of any
 * size are shown as stored), a named visitor, or null for anything else (an older or foreign label).
 */
export function parseVisitorActorLabel(label: string): ParsedVisitorActor {
  const match = OBJECT_LABEL.exec(label);
  if (match) return { object: match[1] as VisitorActorObject, id: match[2]! };
  return (VISITOR_ACTOR_NAMES as readonly string[]).includes(label)
    ? { name: label as VisitorActorName }
    : null;
}
