import { API_PATH, ROUTES, fillPath, siteSlug, type LangCode, type SiteCode } from '@kippu/contract';
import { CONSOLE_CSRF_HEADER } from '@kippu/contract/console/identity-headers';
import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import pg from 'pg';
import { inject } from 'vitest';
import { expect, nextVisitorAddress } from './fixtures.ts';
import { consoleBrowser } from './console-steps.ts';
import { DEMO_GATE_KEY, openGateDevice, qrVideo, type GateDevice } from './journeys/gate-camera.ts';

/**
 * Steps of the console journeys of issue 29 (orders and refunds, moves, box office and kiosk): the server's
 * visitor and gate API as a visitor's phone or a gate device calls it, the development mail page read over
 * HTTP, and the few rows a journey writes for itself (its own product for today).
 */

async function query<Row extends pg.QueryResultRow>(text: string, values: unknown[]): Promise<Row[]> {
  const client = new pg.Client({ connectionString: inject('e2eDatabaseUrl') });
  await client.connect();
  try {
    return (await client.query<Row>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** A visitor API path of `site`, its parameters filled in (the contract's routes: no path spelt here). */
export function visitorPath(
  site: SiteCode,
  name: keyof typeof ROUTES,
  params: Readonly<Record<string, string>> = {},
  search: Readonly<Record<string, string>> = {},
): string {
  const suffix = new URLSearchParams(search).toString();
  return `/${siteSlug(site)}${API_PATH}${fillPath(ROUTES[name].path, params)}${suffix ? `?${suffix}` : ''}`;
}

const XSRF = 'e2e-console-orders-xsrf';

/** A visitor (or gate) API call from outside a browser, as a phone of its own; answers status and body. */
export async function visitorCall<T>(
  method: string,
  path: string,
  { body, headers = {} }: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${inject('e2eBaseUrl')}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      cookie: `XSRF-TOKEN=${XSRF}`,
      'x-xsrf-token': XSRF,
      'x-forwarded-for': nextVisitorAddress(),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/** A ticket as the visitor's ticket page answer lists it (the fields these journeys read). */
export interface VisitorTicket {
  id: number;
  qr: string;
  status: string;
}

/** The reservation's tickets as its ticket page asks for them (`GET /tickets/{reservation token}`). */
export async function visitorTickets(site: SiteCode, reservationToken: string): Promise<VisitorTicket[]> {
  const answer = await visitorCall<{ tickets: VisitorTicket[] }>(
    'GET',
    visitorPath(site, 'ticket', { id: reservationToken }, { lang: 'en' }),
  );
  if (answer.status !== 200) throw new Error(`The ticket page answered ${answer.status}`);
  return answer.body.tickets;
}

/** The demo gate device scanning `code` (`POST /gate/check-ins` with its key): the result the gate shows. */
export async function gateCheckIn(site: SiteCode, code: string, lang: LangCode): Promise<string> {
  const answer = await visitorCall<{ result: string }>('POST', visitorPath(site, 'gateCheckIn'), {
    headers: { 'x-gate-key': DEMO_GATE_KEY },
    body: { code, mode: 'gate', nonce: `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`, lang },
  });
  if (answer.status !== 200)
    throw new Error(`The gate answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body.result;
}

const SIX = (ja: string, en: string, zhHans: string, kr: string, zhHant: string, th: string) =>
  JSON.stringify({ ja, en, 'zh-hans': zhHans, kr, 'zh-hant': zhHant, th });

export interface TodayProduct {
  productUuid: string;
  /** Its name in every language (the same words, marked with the run). */
  name: string;
  timeSpanId: number;
  optionValueId: number;
}

/**
 * A day ticket of `site` of the journey's own (its name carries `run`), with one slot for today (Tokyo) open
 * until midnight whatever the hour of the run, so it is running now: the gate admits its tickets and the
 * box office sells it as the running slot. Sold on `channels`, one ticket type of `price` yen.
 */
export async function todayProduct(
  site: SiteCode,
  run: string,
  { price, capacity = 20, channels }: { price: number; capacity?: number; channels: string[] },
): Promise<TodayProduct> {
  const name = `E2E ${run}`;
  const [product] = await query<{ id: number; uuid: string }>(
    `INSERT INTO products (uuid, site_code, product_type, names, descriptions, cautions, sale_channels, position)
     VALUES (gen_random_uuid(), $1, 'date', $2, $3, $3, $4, 95) RETURNING id, uuid`,
    [site, SIX(name, name, name, name, name, name), SIX('', '', '', '', '', ''), channels],
  );
  const [option] = await query<{ id: number }>(
    `INSERT INTO option_values (product_id, names, price, position) VALUES ($1, $2, $3, 0) RETURNING id`,
    [product!.id, SIX('一般', 'General', '普通', '일반', '一般', 'ทั่วไป'), price],
  );
  const [span] = await query<{ id: string }>(
    `INSERT INTO time_spans (product_id, starts_at, ends_at, capacity)
     SELECT $1, d AT TIME ZONE 'Asia/Tokyo', (d + interval '1 day') AT TIME ZONE 'Asia/Tokyo', $2
     FROM (SELECT (now() AT TIME ZONE 'Asia/Tokyo')::date::timestamp AS d) AS today
     RETURNING id`,
    [product!.id, capacity],
  );
  return { productUuid: product!.uuid, name, timeSpanId: Number(span!.id), optionValueId: option!.id };
}

/** Takes a journey's own product off every channel, so later journeys' screens do not show it. */
export async function retireOwnProduct(productUuid: string): Promise<void> {
  await query(`UPDATE products SET sale_channels = '{}' WHERE uuid = $1`, [productUuid]);
}

/**
 * The newest mail to `email` whose plain text holds `needle`, read on the development mail page (its list,
 * then each mail's text) as someone trying the demo reads it; polled until it is there. Answers the text.
 */
export async function mailHolding(email: string, needle: string): Promise<string> {
  const base = inject('e2eBaseUrl');
  let found = '';
  let seen: string[] = [];
  try {
    await expect
      .poll(
        async () => {
          const list = await (await fetch(`${base}/dev/mails`)).text();
          const entries = [
            ...list.matchAll(/<li><a href="\/dev\/mails\?id=([^"&]+)"[^>]*>([\s\S]*?)<\/a><\/li>/g),
          ].filter(([, , inner]) => inner!.includes(email));
          seen = entries.map(([, , inner]) =>
            inner!
              .replace(/<[^>]+>/g, ' ')
              .replace(/\s+/g, ' ')
              .trim(),
          );
          for (const [, id] of entries) {
            const text = await (await fetch(`${base}/dev/mails/${encodeURIComponent(id!)}/text`)).text();
            if (text.includes(needle)) {
              found = text;
              return true;
            }
          }
          return false;
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe(true);
  } catch (error) {
    throw new Error(`No mail to ${email} holds "${needle}"; its mails: ${JSON.stringify(seen)}`, {
      cause: error,
    });
  }
  return found;
}

/**
 * A console page in a browser of its own whose camera plays the QR code of `payload` (the staff's tablet
 * held up to a visitor's ticket), in `lang` at desktop size. Closed with the test.
 */
export async function consoleWithCamera(
  payload: string,
  lang: LangCode,
  onTestFinished: (cleanup: () => Promise<void>) => void,
): Promise<GateDevice> {
  const options: BrowserContextOptions = { ...consoleBrowser(lang), baseURL: inject('e2eBaseUrl') };
  const device = await openGateDevice(await qrVideo(payload), options, onTestFinished);
  device.gate.setDefaultTimeout(15_000);
  return device;
}

/** The console page's XSRF token (the cookie the console's client sends back in its header). */
export function consoleXsrf(page: Page): Promise<string> {
  return page.evaluate(() => /(?:^|; )XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '');
}

/** A slot to create: `days` from today (Tokyo), its start `time` (HH:MM, 30 minutes long), its capacity. */
export interface SlotSpec {
  days: number;
  time: string;
  capacity: number;
}

/**
 * A timed product of `site` of the journey's own (its name carries `run`), on the web, one ticket type of
 * `price` yen, with `slots`: answers its uuid, name and the slots' ids in the order given.
 */
export async function timedProduct(
  site: SiteCode,
  run: string,
  price: number,
  slots: readonly SlotSpec[],
): Promise<{ productUuid: string; name: string; slotIds: number[] }> {
  const name = `E2E ${run}`;
  const [product] = await query<{ id: number; uuid: string }>(
    `INSERT INTO products (uuid, site_code, product_type, names, descriptions, cautions, sale_channels, position)
     VALUES (gen_random_uuid(), $1, 'time', $2, $3, $3, '{web}', 95) RETURNING id, uuid`,
    [site, SIX(name, name, name, name, name, name), SIX('', '', '', '', '', '')],
  );
  await query(`INSERT INTO option_values (product_id, names, price, position) VALUES ($1, $2, $3, 0)`, [
    product!.id,
    SIX('一般', 'General', '普通', '일반', '一般', 'ทั่วไป'),
    price,
  ]);
  const slotIds: number[] = [];
  for (const slot of slots) {
    const [span] = await query<{ id: string }>(
      `INSERT INTO time_spans (product_id, starts_at, ends_at, capacity)
       SELECT $1, s AT TIME ZONE 'Asia/Tokyo', (s + interval '30 minutes') AT TIME ZONE 'Asia/Tokyo', $4
       FROM (SELECT (now() AT TIME ZONE 'Asia/Tokyo')::date + $2::int + $3::time AS s) AS start
       RETURNING id`,
      [product!.id, slot.days, slot.time, slot.capacity],
    );
    slotIds.push(Number(span!.id));
  }
  return { productUuid: product!.uuid, name, slotIds };
}

/**
 * A console API write from the signed-in page (its session cookie and the session's CSRF token, as the
 * console's client sends them): answers the status and the body.
 */
export function consoleApiWrite<T>(
  page: Page,
  method: string,
  path: string,
  body: unknown,
): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ method, url, body, header }) => {
      const session = (await (await fetch('/console/api/v1/session')).json()) as { csrfToken: string };
      const response = await fetch(url, {
        method,
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', [header]: session.csrfToken },
        body: JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
    },
    { method, url: `/console/api/v1${path}`, body, header: CONSOLE_CSRF_HEADER },
  );
}

/** The figure beside a term of a `<dl>` in `scope` (`<dt>` / `<dd>`), digits only. */
export async function figureOf(scope: Locator, term: string): Promise<number> {
  const value = scope
    .locator('dt', { hasText: new RegExp(`^${term}$`) })
    .locator('xpath=following-sibling::dd[1]');
  return Number(/\d[\d,]*/.exec(await value.first().innerText())![0].replace(/,/g, ''));
}
