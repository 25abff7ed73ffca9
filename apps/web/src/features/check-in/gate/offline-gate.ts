import type {
  CheckInAnswer,
  CheckInMode,
  GateSyncBody,
  GateTicketListResponse,
} from '@kippu/contract/endpoints/check-in';
import { siteKey } from '../../../shared/storage/site-storage.ts';

/**
 * The gate without a network (ADR 030). While online the device keeps the day's ticket list: each ticket
 * as the SHA-256 of its code's signed part `K1.<id>.<secret>`. Offline, a scanned code is admitted when its
 * digest is listed, inside its entry window and not yet admitted here; the admission is queued (with its
 * nonce) in localStorage and replayed by POST /gate/check-ins/sync when the network is back.
 * No signing key is on the device: it can recognise today's genuine codes, never make one.
 */
export interface QueuedCheckIn {
  code: string;
  mode: CheckInMode;
  nonce: string;
  scanned_at: string;
}

type ListedTicket = GateTicketListResponse['tickets'][number];

const LIST = 'gate.ticket-list';
const QUEUE = 'gate.queue';
const ADMITTED = 'gate.admitted-offline';

function read<T>(name: string, fallback: T): T {
  try {
    const raw = localStorage.getItem(siteKey(name));
    return raw === null ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
}

function write(name: string, value: unknown): void {
  localStorage.setItem(siteKey(name), JSON.stringify(value));
}

export function storeTicketList(list: GateTicketListResponse): void {
  write(LIST, list);
  // The server's list knows every admission that reached it; the local record keeps only what it does not.
  const synced = new Set(list.tickets.filter((t) => t.used).map((t) => t.id));
  write(
    ADMITTED,
    read<number[]>(ADMITTED, []).filter((id) => !synced.has(id)),
  );
}

export function storedTicketList(): GateTicketListResponse | null {
  return read<GateTicketListResponse | null>(LIST, null);
}

export function queuedCheckIns(): QueuedCheckIn[] {
  return read<QueuedCheckIn[]>(QUEUE, []);
}

/** Removes the replayed check-ins (by nonce) once the server has answered them. */
export function dropQueued(nonces: string[]): void {
  const done = new Set(nonces);
  write(
    QUEUE,
    queuedCheckIns().filter((item) => !done.has(item.nonce)),
  );
}

export function syncBody(items: QueuedCheckIn[], lang: GateSyncBody['lang']): GateSyncBody {
  return { check_ins: items, lang };
}

/** Everything this device stored for the gate (forgetting the device). */
export function clearOfflineGate(): void {
  for (const name of [LIST, QUEUE, ADMITTED]) localStorage.removeItem(siteKey(name));
}

async function sha256Hex(text: string): Promise<string | null> {
  if (!globalThis.crypto?.subtle) return null;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

const DAY_MS = 86_400_000;
/** ADR 111's default late-entry grace (products.entry_closes_minutes_after). */
const DEFAULT_GRACE_MS = 30 * 60_000;
/** Midnight in Tokyo (UTC+9, no daylight saving) that starts the Tokyo day of `iso`. */
const tokyoMidnight = (iso: string) => {
  const tokyo = Date.parse(iso) + 9 * 3600_000;
  return tokyo - (tokyo % DAY_MS) - 9 * 3600_000;
};

/**
 * When a listed ticket may enter (ADR 111), the server's rule: the list carries each ticket's window (its
 * product's early-entry margin and late-entry grace, within the slot's Tokyo day). A list stored by an
 * older version has no bounds (they once meant "any day"): the Tokyo day the slot starts on stands in, so the offline
 * gate never admits a ticket on another day either.
 */
function entryWindow(ticket: ListedTicket): [number, number] {
  const opens = ticket.opens_at ?? new Date(tokyoMidnight(ticket.ticket.starts_at)).toISOString();
  if (ticket.closes_at) return [Date.parse(opens), Date.parse(ticket.closes_at)];
  // The server's rule (ticket-at-gate.ts): the start day's midnight, or, for a slot that runs past it, its end
  // and the default grace (the list carries no product's grace here).
  const dayEnd = tokyoMidnight(ticket.ticket.starts_at) + DAY_MS;
  const ends = Date.parse(ticket.ticket.ends_at);
  return [Date.parse(opens), ends > dayEnd ? ends + DEFAULT_GRACE_MS : dayEnd];
}

const CODE = /^(K1\.[1-9]\d{0,14}\.[A-Z2-7]{16})\.[A-Z2-7]{26}$/;

/**
 * Judges a scanned code offline the way the server would, from the stored list, and queues an admission.
 * Answers what to show; `invalid` for a code the list does not know (a forged one, or a ticket bought after
 * the list was fetched: the trade-off of not carrying a signing key).
 */
export async function checkInOffline(
  code: string,
  mode: CheckInMode,
  nonce: string,
  now: Date = new Date(),
): Promise<CheckInAnswer> {
  const refuse = (result: CheckInAnswer['result'], ticket: ListedTicket | null = null): CheckInAnswer => ({
    result,
    mode,
    admitted: 0,
    ticket: ticket?.ticket ?? null,
  });
  const match = CODE.exec(code.trim());
  const list = storedTicketList();
  if (!match || !list) return refuse('invalid');
  const digest = await sha256Hex(match[1]!);
  const ticket = list.tickets.find((t) => t.digest === digest);
  if (!ticket) return refuse('invalid');
  const admitted = new Set(read<number[]>(ADMITTED, []));
  const isUsed = (t: ListedTicket) => t.used || admitted.has(t.id);
  if (mode === 'gate' && isUsed(ticket)) return refuse('used', ticket);
  const at = now.getTime();
  const [opens, closes] = entryWindow(ticket);
  const inWindow = at >= opens && at <= closes;
  if (!inWindow) return refuse(isUsed(ticket) ? 'used' : 'invalid_time', ticket);
  const group =
    mode === 'gate'
      ? [ticket]
      : list.tickets.filter((t) => t.reservation_id === ticket.reservation_id && !isUsed(t));
  if (group.length === 0) return refuse('used', ticket);
  for (const t of group) admitted.add(t.id);
  write(ADMITTED, [...admitted]);
  write(QUEUE, [...queuedCheckIns(), { code: code.trim(), mode, nonce, scanned_at: now.toISOString() }]);
  return {
    result: 'success',
    mode,
    admitted: group.length,
    ticket: { ...ticket.ticket, checked_in_at: now.toISOString() },
  };
}
