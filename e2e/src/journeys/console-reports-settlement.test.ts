import { readFile } from 'node:fs/promises';
import type { LangCode } from '@kippu/contract';
import type { ReportAnswer } from '@kippu/contract/console/reports-schemas';
import { describe, expect, skipBrowserSuites, test } from '../fixtures.ts';
import { consoleBrowser, consoleScreen, consoleText, signInToConsole } from '../console-steps.ts';
import { consoleTextPattern } from '../console-catalogue-steps.ts';
import { twinOfStaffMember } from '../console-database.ts';
import { retireOwnProduct, todayProduct } from '../console-order-steps.ts';
import {
  cardPurchase,
  cashSale,
  consoleApiRead,
  figureIn,
  methodNames,
  parseCsv,
  refundFirstTicket,
  tableCells,
  walletPurchase,
  type ReportPurchase,
} from '../console-report-steps.ts';
import { text } from '../texts.ts';
import { tokyoDate } from './steps.ts';

/**
 * A site no other journey buys on today (NAGAI takes card with 3-D Secure and PayPay on the web, cash at the
 * box office), so its settlement moves by this journey's money only; each language's run still reads the
 * figures before it pays (the other language's run, a retry) and expects them to grow by exactly its own.
 */
const SITE = 'NAGAI';
const PRICE = 1300;
/** Different counts of tickets per method, so no two methods' figures can be mistaken for each other. */
const TICKETS = { card: 2, wallet: 1, cash: 3 } as const;
const CASH_RECEIVED = 5000;
const METHODS = ['gmo_3ds', 'gmo_paypay', 'cash'] as const;

/** The settlement's figures of one payment method, as the summary view lists them. */
const FIGURES = ['sales', 'sales_count', 'refunds', 'refunds_count', 'net'] as const;
type Figure = (typeof FIGURES)[number];
type Figures = Record<Figure, number>;
const NONE: Figures = { sales: 0, sales_count: 0, refunds: 0, refunds_count: 0, net: 0 };

/** Per payment method (each known by any of its names: `methodNames`), the settlement's figures summed. */
function byMethod(answer: ReportAnswer, names: ReadonlyMap<string, readonly string[]>): Map<string, Figures> {
  const figures = new Map<string, Figures>();
  for (const row of answer.rows) {
    const method = [...names].find(([, known]) => known.includes(String(row.method)))?.[0];
    if (!method) continue;
    const sum = { ...(figures.get(method) ?? NONE) };
    for (const key of FIGURES) sum[key] += Number(row[key] ?? 0);
    figures.set(method, sum);
  }
  return figures;
}

/** What `purchase` (and its refund, if any) adds to its method's figures. */
function moneyOf(purchase: ReportPurchase, refunded = 0): Figures {
  return {
    sales: purchase.amount,
    sales_count: 1,
    refunds: refunded,
    refunds_count: refunded > 0 ? 1 : 0,
    net: purchase.amount - refunded,
  };
}

function plus(a: Figures, b: Figures): Figures {
  return Object.fromEntries(FIGURES.map((key) => [key, a[key] + b[key]])) as Figures;
}

/**
 * Issue 30, acceptance 1, in Japanese and in English. Three purchases of today by three methods on NAGAI: two
 * tickets by card (GMO with 3-D Secure, the simulator's frictionless card, over HTTP), one by PayPay (the
 * visitor approves on the wallet's own page, in the browser) and three in cash at the box office (the counter's
 * console API); one of the card's tickets refunded by the finance member (the refund dialog's API calls). Then
 * that finance member opens the reports and today's settlement: per method, sales, refunds, net and their
 * counts equal what the journey paid and refunded (on top of what the site held before); the chart is there
 * by its name; the payments view lists the three reservations; the CSV downloads with a BOM, as strict UTF-8,
 * with the header texts of the language and the same figures. axe on each report screen (in full in
 * Japanese), and their pictures in e2e/screenshots/console/.
 */
describe.skipIf(skipBrowserSuites)(
  'the console: the daily settlement after three purchases and a refund',
  () => {
    test.for<LangCode>(['ja', 'en'])(
      'in %s',
      { timeout: 240_000 },
      async (lang, { newPage, onTestFinished }) => {
        const t = (key: string, values?: Record<string, string | number>) => consoleText(lang, key, values);
        const run = `settle-${lang}-${Date.now().toString(36)}`;
        const product = await todayProduct(SITE, run, { price: PRICE, channels: ['web', 'pos'] });
        onTestFinished(() => retireOwnProduct(product.productUuid));

        // The finance member (their own twin: the journey's own sign-in) reads the figures before anything is paid.
        const finance = { email: `e2e-${run}-finance@demo.kippu.test`, password: 'kippu-demo-finance' };
        await twinOfStaffMember('finance@demo.kippu.test', finance.email, lang);
        const staff = await newPage(consoleBrowser(lang));
        await signInToConsole(staff, lang, finance);
        const names = new Map<string, string[]>();
        for (const method of METHODS)
          names.set(method, await methodNames(method, lang, t(`payment_method_${method}`)));
        const settlementPath = `/sites/${SITE}/reports/settlement`;
        const before = await consoleApiRead<ReportAnswer>(staff, settlementPath);
        expect(before.status, JSON.stringify(before.body)).toBe(200);
        expect(before.body.filters.from).toBe(tokyoDate(0));
        const baseline = byMethod(before.body, names);

        // Three purchases, three methods; one card ticket refunded.
        const card = await cardPurchase(SITE, lang, product.name, TICKETS.card, `${run}-card@example.com`);
        const wallet = await walletPurchase(
          await newPage(),
          SITE,
          lang,
          product.name,
          TICKETS.wallet,
          `${run}-wallet@example.com`,
        );
        const counter = { email: `e2e-${run}-counter@demo.kippu.test`, password: 'kippu-demo-box-office' };
        await twinOfStaffMember('box-office@demo.kippu.test', counter.email, lang);
        const boxOffice = await newPage(consoleBrowser(lang));
        await signInToConsole(boxOffice, lang, counter);
        const cash = await cashSale(boxOffice, SITE, lang, {
          ...product,
          tickets: TICKETS.cash,
          received: CASH_RECEIVED,
        });
        expect([card.method, wallet.method, cash.method]).toEqual(['gmo_3ds', 'gmo_paypay', 'cash']);
        expect([card.amount, wallet.amount, cash.amount]).toEqual([
          TICKETS.card * PRICE,
          TICKETS.wallet * PRICE,
          TICKETS.cash * PRICE,
        ]);
        const refunded = await refundFirstTicket(staff, SITE, card);
        expect(refunded).toBe(PRICE);
        const expected = new Map<string, Figures>([
          ['gmo_3ds', plus(baseline.get('gmo_3ds') ?? NONE, moneyOf(card, refunded))],
          ['gmo_paypay', plus(baseline.get('gmo_paypay') ?? NONE, moneyOf(wallet))],
          ['cash', plus(baseline.get('cash') ?? NONE, moneyOf(cash))],
        ]);

        // The API's answer first (what the screen and the file are drawn from).
        const after = await consoleApiRead<ReportAnswer>(staff, settlementPath);
        expect(after.status).toBe(200);
        const answered = byMethod(after.body, names);
        for (const [method, figures] of expected)
          expect(answered.get(method), `${method}: ${JSON.stringify(after.body.rows)}`).toEqual(figures);

        // The reports screen, then today's settlement.
        await staff.goto(`/console/#/sites/${SITE}/reports`);
        const main = staff.getByRole('main');
        await staff.getByRole('heading', { name: t('reports_title'), level: 1 }).waitFor();
        await consoleScreen(staff, lang, 'reports');
        const title = text(lang, 'report_title_settlement');
        await main.getByRole('link', { name: title, exact: true }).click();
        await staff.getByRole('heading', { name: title, level: 1 }).waitFor();
        const table = main.getByRole('table', {
          name: consoleTextPattern(lang, 'reports_table_caption', { title }),
        });
        await table.locator('tbody tr').first().waitFor();
        // The chart of one day's money per method, by its name.
        expect(after.body.chart).toEqual({ kind: 'bar', x: 'method', series: ['sales', 'refunds', 'net'] });
        const chart = main.getByRole('img', { name: consoleTextPattern(lang, 'reports_chart_name') });
        await chart.waitFor();
        expect(await chart.count(), "the settlement's chart").toBe(1);

        // Per method, the figures on screen: each column found by its header in the staff member's language.
        const keys = after.body.columns.map((column) => column.key);
        const screen = await tableCells(table);
        expect(screen.headers).toEqual(keys.map((key) => text(lang, `report_column_${key}`)));
        for (const [method, figures] of expected) {
          const known = names.get(method)!;
          const rows = screen.rows.filter((cells) => known.includes(cells[keys.indexOf('method')]!));
          expect(rows.length, `${method} on screen: ${JSON.stringify(screen.rows)}`).toBeGreaterThan(0);
          const shown = { ...NONE };
          for (const cells of rows)
            for (const key of FIGURES) shown[key] += Math.abs(figureIn(cells[keys.indexOf(key)]!));
          expect(shown, method).toEqual({ ...figures, refunds: Math.abs(figures.refunds) });
        }
        await consoleScreen(staff, lang, 'report-settlement');

        // The CSV of the same figures: a BOM, strict UTF-8, the headers in the staff member's language.
        const downloading = staff.waitForEvent('download');
        await main.getByRole('link', { name: t('reports_download_csv') }).click();
        const download = await downloading;
        expect(download.suggestedFilename()).toMatch(/\.csv$/);
        const bytes = await readFile((await download.path())!);
        expect([...bytes.subarray(0, 3)], 'the BOM').toEqual([0xef, 0xbb, 0xbf]);
        const csv = parseCsv(new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(3)));
        expect(csv[0]).toEqual(keys.map((key) => text(lang, `report_column_${key}`)));
        for (const [method, figures] of expected) {
          const known = names.get(method)!;
          const rows = csv.slice(1).filter((cells) => known.includes(cells[keys.indexOf('method')]!));
          expect(rows.length, `${method} in the CSV: ${JSON.stringify(csv)}`).toBeGreaterThan(0);
          const filed = { ...NONE };
          for (const cells of rows) for (const key of FIGURES) filed[key] += Number(cells[keys.indexOf(key)]);
          expect(filed, `${method} in the CSV`).toEqual(figures);
        }

        // The payments view: each payment and the refund with its reservation's number (what the gateway lists).
        await main.getByLabel(t('reports_view'), { exact: true }).selectOption('payments');
        await main.getByRole('button', { name: t('reports_show') }).click();
        await expect.poll(() => staff.url()).toContain('view=payments');
        await expect
          .poll(async () => table.innerText(), { timeout: 15_000 })
          .toContain(cash.reservationNumber);
        const listed = await table.innerText();
        for (const purchase of [card, wallet, cash]) expect(listed).toContain(purchase.reservationNumber);
        await consoleScreen(staff, lang, 'report-settlement-payments');
      },
    );
  },
);
