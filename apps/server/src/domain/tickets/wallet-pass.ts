import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import {
  visitWhen,
  type LangCode,
  type LocalizedText,
  type SiteCode,
  type TicketResponse,
} from '@kippu/contract';
import type { Env } from '../../config/env.ts';
import { walletCertificates, type WalletEnv } from '../../config/wallet-certificates.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { sharedTicketPagePath, siteUrl, ticketPagePath } from '../links.ts';
import { inLang } from '../reservations/reservation-details.ts';
import { sharedTicketPage } from './shared-ticket-page.ts';
import { ticketPage } from './ticket-page.ts';
import { walletText } from './wallet-texts.ts';

// The pass's icon (required by Wallet in three resolutions): a ticket glyph, the same for every site.
const ICONS = Object.fromEntries(
  ['icon.png', 'icon@2x.png', 'icon@3x.png'].map((name) => [
    name,
    readFileSync(new URL(`../../../assets/wallet/${name}`, import.meta.url)),
  ]),
);

export interface WalletPassFile {
  filename: string;
  content: Buffer;
}

/** Whether this server can sign passes: the ticket pages show the button only then (ADR 025). */
export function walletPassesEnabled(env: WalletEnv): boolean {
  return walletCertificates(env) !== undefined;
}

/** The holder's page, or else a companion's page of shared tickets: both tokens open a ticket page. */
async function ticketsOf(
  db: Db,
  env: Pick<Env, 'APP_SECRET'> & WalletEnv,
  site: SiteCode,
  reservationToken: string,
  lang: LangCode,
): Promise<{ page: TicketResponse; shared: boolean }> {
  try {
    return { page: await ticketPage(db, env, site, reservationToken, lang), shared: false };
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'record_not_found') throw error;
    return { page: await sharedTicketPage(db, env, site, reservationToken, lang), shared: true };
  }
}

/**
 * GET /reservations/{token}/tickets/{ticketId}/wallet.pkpass?lang= (ADR 025): one Apple Wallet event ticket
 * per admitted person, its barcode the ticket's signed QR payload (the gate reads it like the page's code).
 * Not configured → record not found (the page hides the button); a ticket not in this reservation, void,
 * or of a reservation no longer active → ticket not found. Texts in `lang`; the file is signed per request.
 */
export async function walletPass(
  db: Db,
  env: WalletEnv & Pick<Env, 'APP_SECRET' | 'PUBLIC_URL' | 'PORT'>,
  site: SiteCode,
  reservationToken: string,
  ticketId: number,
  lang: LangCode,
): Promise<WalletPassFile> {
  const certificates = walletCertificates(env);
  if (!certificates) throw new AppError('record_not_found');
  const { page, shared } = await ticketsOf(db, env, site, reservationToken, lang);
  const index = page.tickets.findIndex((ticket) => ticket.id === ticketId);
  const ticket = page.tickets[index];
  if (!ticket || page.status !== 'reserved' || ticket.status === 'void' || !ticket.qr) {
    throw new AppError('ticket_not_found');
  }

  const { rows } = await db.execute<{ slug: string; names: LocalizedText }>(
    sql`SELECT slug, settings -> 'name' AS names FROM sites WHERE code = ${site}`,
  );
  const siteName = inLang(rows[0]?.names, lang) || site;
  const pagePath = shared ? sharedTicketPagePath(reservationToken) : ticketPagePath(reservationToken);
  const label = (key: Parameters<typeof walletText>[1]) => walletText(lang, key);
  const when = visitWhen(page.product.type, page.starts_at, page.ends_at, lang);

  const passJson = {
    formatVersion: 1,
    passTypeIdentifier: certificates.passTypeIdentifier,
    teamIdentifier: certificates.teamIdentifier,
    // Stable per ticket: adding the pass again replaces it instead of adding a second one.
    serialNumber: `kippu-${site}-${ticket.id}`,
    organizationName: siteName,
    description: walletText(lang, 'wallet_pass_description', { product: page.product.name }),
    logoText: siteName,
    foregroundColor: 'rgb(21, 21, 26)',
    backgroundColor: 'rgb(255, 255, 255)',
    labelColor: 'rgb(90, 90, 100)',
    relevantDate: page.starts_at,
    expirationDate: page.ends_at,
    barcodes: [{ format: 'PKBarcodeFormatQR', message: ticket.qr, messageEncoding: 'iso-8859-1' }],
    eventTicket: {
      headerFields: [
        {
          key: 'index',
          label: label('wallet_field_ticket_index'),
          value: `${index + 1}/${page.tickets.length}`,
        },
      ],
      primaryFields: [{ key: 'product', value: page.product.name }],
      // When, as every screen and mail says it (visitWhen): a pass's dates, a day ticket's day, a slot's times.
      secondaryFields: [
        { key: 'date', label: label('wallet_field_date'), value: when.date },
        ...(when.time ? [{ key: 'time', label: label('wallet_field_time'), value: when.time }] : []),
      ],
      auxiliaryFields: [
        { key: 'type', label: label('wallet_field_ticket_type'), value: ticket.option_name },
        {
          key: 'number',
          label: label('wallet_field_reservation_number'),
          value: page.reservation_number,
        },
      ],
      backFields: [
        {
          key: 'page',
          label: label('wallet_field_ticket_page'),
          value: siteUrl(env, rows[0]?.slug ?? site, pagePath, lang),
        },
        ...(page.product.caution
          ? [{ key: 'caution', label: label('wallet_field_caution'), value: page.product.caution }]
          : []),
      ],
    },
  };

  // Loaded on the first pass, not at start: passkit-generator and node-forge hold about 12 MB (issue 12).
  const { PKPass } = await import('passkit-generator');
  const pass = new PKPass(
    { ...ICONS, 'pass.json': Buffer.from(JSON.stringify(passJson)) },
    {
      signerCert: certificates.signerCert,
      signerKey: certificates.signerKey,
      signerKeyPassphrase: certificates.signerKeyPassphrase,
      wwdr: certificates.wwdr,
    },
  );
  return { filename: `${page.reservation_number}-${index + 1}.pkpass`, content: pass.getAsBuffer() };
}
