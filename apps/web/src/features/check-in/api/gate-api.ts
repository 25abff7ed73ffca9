import type {
  CheckInAnswer,
  CheckInMode,
  GateCheckInBody,
  GateSessionResponse,
  GateSyncBody,
  GateSyncResponse,
  GateTicketListResponse,
  TapCheckInBody,
} from '@kippu/contract/endpoints/check-in';
import type { LangCode } from '@kippu/contract/enums';
import { ROUTES } from '@kippu/contract/routes';
import { api } from '../../../shared/api/api-client.ts';

/**
 * The gate's calls (ADR 030). The scanner handles every failure itself (offline, refused key), so none of
 * them opens the error dialog.
 */
const gateConfig = (key: string) => ({ headers: { 'X-Gate-Key': key }, noErrorDialog: true, timeout: 8000 });

export async function fetchGateSession(key: string, lang: LangCode): Promise<GateSessionResponse> {
  const { data } = await api.call(ROUTES.gateSession, {
    ...gateConfig(key),
    query: { lang },
  });
  return data;
}

export async function postGateCheckIn(key: string, body: GateCheckInBody): Promise<CheckInAnswer> {
  const { data } = await api.call(ROUTES.gateCheckIn, { ...gateConfig(key), body });
  return data;
}

export async function fetchGateTicketList(key: string, lang: LangCode): Promise<GateTicketListResponse> {
  const { data } = await api.call(ROUTES.gateTicketList, {
    ...gateConfig(key),
    query: { lang },
    timeout: 30_000,
  });
  return data;
}

export async function postGateSync(key: string, body: GateSyncBody): Promise<GateSyncResponse> {
  const { data } = await api.call(ROUTES.gateSync, {
    ...gateConfig(key),
    body,
    timeout: 30_000,
  });
  return data;
}

/** The visitor's tap screen: what tapping would answer now. */
export async function fetchTapStatus(
  reservationToken: string,
  ticketId: string,
  mode: CheckInMode,
  lang: LangCode,
): Promise<CheckInAnswer> {
  const { data } = await api.call(ROUTES.tapTicketStatus, {
    params: { reservationToken, ticketId },
    query: { mode, lang },
    noErrorDialog: true,
  });
  return data;
}

export async function postTapCheckIn(
  reservationToken: string,
  ticketId: string,
  body: TapCheckInBody,
): Promise<CheckInAnswer> {
  const { data } = await api.call(ROUTES.tapCheckIn, {
    params: { reservationToken, ticketId },
    body,
    noErrorDialog: true,
  });
  return data;
}

/** A request id of 128 random bits (base64url): a retried request is recognised by the server. */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}
