import type { LangCode } from '@kippu/contract';
import type { Env } from '../config/env.ts';

/** The origin mails and other messages link to: PUBLIC_URL, else this server on localhost. */
export function publicOrigin(env: Pick<Env, 'PUBLIC_URL' | 'PORT'>): string {
  return (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
}

/** The public host name: Message-IDs and calendar UIDs are made unique with it. */
export function publicHost(env: Pick<Env, 'PUBLIC_URL' | 'PORT'>): string {
  return new URL(publicOrigin(env)).hostname;
}

/**
 * An absolute link to a screen of a site's SPA: `${PUBLIC_URL}/${slug}/#${hashPath}`, e.g.
 * siteUrl(env, 'borderless', '/mail-confirm?token=abc', 'en') →
 * 'https://tickets.example/borderless/?lang=en#/mail-confirm?token=abc'.
 * The one place links leaving the server (mails, calendar entries) are built, so the SPA's routing
 * (hash routes under the site slug, ADR 004) is written down once. With `lang`, the link opens in that
 * language even in a browser that never saw the site (the SPA reads and removes `lang`, spec §2). It goes
 * in the page's own query, which the server sees (the hash never reaches it): the page then comes drawn and
 * with its texts in that language (ADR 037).
 */
export function siteUrl(
  env: Pick<Env, 'PUBLIC_URL' | 'PORT'>,
  siteSlug: string,
  hashPath: string,
  lang?: LangCode,
): string {
  const path = hashPath.startsWith('/') ? hashPath : `/${hashPath}`;
  return `${publicOrigin(env)}/${encodeURIComponent(siteSlug)}/${lang ? `?lang=${lang}` : ''}#${path}`;
}

// The SPA's screens that links leaving the server open, as the web's router names them (apps/web
// src/shared/routing/paths.ts, spec §2): written once here for every mail and calendar entry.

/** The ticket page of a reservation (`/id/:reservationToken`). */
export function ticketPagePath(reservationToken: string): string {
  return `/id/${reservationToken}`;
}

/** A sent ticket link's view-only page (`/tickets/view/:viewToken`, ADR 102). */
export function ticketViewPagePath(viewToken: string): string {
  return `/tickets/view/${viewToken}`;
}

/** A companion's page of shared tickets (`/tickets/shared/:reservationToken`, ADR 021). */
export function sharedTicketPagePath(shareToken: string): string {
  return `/tickets/shared/${shareToken}`;
}

/** The screen a mail-confirmation or invitation link opens (`/mail-confirm?token=`, ADR 020). */
export function mailConfirmPath(token: string): string {
  return `/mail-confirm?token=${token}`;
}

/** The mail-magazine release screen of an unsubscribe token (`/mail-release/:mailToken`, ADR 022). */
export function mailReleasePath(unsubscribeToken: string): string {
  return `/mail-release/${unsubscribeToken}`;
}

/** A spot poster's QR target: the spot order screen with the poster's token (`/spot?qr_token=`, ADR 031). */
export function spotOrderPath(qrToken: string): string {
  return `/spot?qr_token=${qrToken}`;
}

/** Staff's printable poster of a product (`/spot/qr/:productUUID?qr_token=`, ADR 031). */
export function spotPosterPath(productUuid: string, qrToken: string): string {
  return `/spot/qr/${productUuid}?qr_token=${qrToken}`;
}
