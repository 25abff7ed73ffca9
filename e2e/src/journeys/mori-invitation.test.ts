import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { formatPrice } from '@kippu/contract';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { describe, expect, openPage, skipBrowserSuites, test } from '../fixtures.ts';
import { REPO_ROOT } from '../repo-root.ts';
import { pattern, text } from '../texts.ts';
import { paymentsOf } from './journey-database.ts';
import {
  checkScreen,
  completePurchase,
  linkInMail,
  newVisitor,
  payByCard,
  reservationNumber,
  storedOrderToken,
} from './steps.ts';

const lang = 'en';
/** MORI's timed entry: an adult is 3600 yen (seed/data/site-catalogues.ts). */
const ADULT = 3600;

/**
 * `npm run invite -- ...` as the operator runs it (README "Invitations (MORI)"), against the server under
 * test: its database and its public address, so the mailed link comes back to it.
 */
async function invite(...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/cli/invite.ts', ...args],
    {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        DATABASE_URL: inject('e2eDatabaseUrl'),
        PUBLIC_URL: inject('e2eBaseUrl'),
      },
      timeout: 60_000,
    },
  );
  return stdout;
}

/** From `--list` output: the product named `name`, its ticket type `ticketType` and its last listed slot. */
function choose(list: string, name: string, ticketType: string) {
  const block = list.split(/\n(?=\S)/).find((each) => each.startsWith(`${name}  (`));
  if (!block) throw new Error(`No product "${name}" in the --list output:\n${list}`);
  const product = /--product (\S+)/.exec(block)?.[1];
  const ticket = new RegExp(`ticket type (\\d+): ${ticketType},`).exec(block)?.[1];
  const slots = [...block.matchAll(/--time-span (\d+):/g)].map((match) => match[1]!);
  if (!product || !ticket || slots.length === 0) throw new Error(`Incomplete --list entry:\n${block}`);
  return { product, ticket, slot: slots.at(-1)! };
}

/** The order steps a mail-confirm-only site skips: each address lands on the mail-confirm screen. */
async function expectSkipped(page: Page, path: string): Promise<void> {
  await openPage(page, path);
  await page.waitForURL(/#\/mail-confirm$/);
  const main = page.getByRole('main');
  await expect.poll(() => main.innerText()).toContain(text(lang, 'mail_confirm_no_token'));
  expect(await main.getByRole('grid').count(), 'no order calendar').toBe(0);
  expect(await main.getByRole('radiogroup').count(), 'no product choice').toBe(0);
  // Without an order page to go back to, a dead link offers no "choose tickets again".
  expect(await main.getByRole('link', { name: text(lang, 'mail_confirm_start_over') }).count()).toBe(0);
}

/** Issue 6, "Tests": MORI (isOnlyStartMailConfirm) from its mail link, the invitation the operator sends. */
describe.skipIf(skipBrowserSuites)('an invitation to MORI', () => {
  test('the root and the order screen lead to mail confirmation: MORI has no order screen', async ({
    page,
  }) => {
    const screens: string[] = [];
    await expectSkipped(page, '/mori/?lang=en');
    await checkScreen(page, screens, 'mail-confirm');
    await expectSkipped(page, '/mori/?lang=en#/order');
    await expectSkipped(page, '/mori/?lang=en#/sign-in');
  });

  test('the operator invites with npm run invite; the visitor opens the mailed link, pays by card, completes and opens the tickets from the purchase mail', async ({
    page,
  }) => {
    const visitor = newVisitor(lang, 'mori-invited');
    const choice = choose(await invite('--site', 'MORI', '--list'), 'Timed entry ticket', 'Adult');
    const created = await invite(
      '--site',
      'MORI',
      '--email',
      visitor.email,
      '--product',
      choice.product,
      '--time-span',
      choice.slot,
      '--tickets',
      `${choice.ticket}:2`,
      '--lang',
      lang,
    );
    const printed = /^Link: (\S+)$/m.exec(created)?.[1];
    expect(printed, created).toMatch(new RegExp(`/mori/\\?lang=${lang}#/mail-confirm\\?token=`));

    // The visitor reads the invitation on the development mail page and follows its link.
    const link = await linkInMail(page, visitor.email, /#\/mail-confirm\?token=/);
    expect(link).toBe(printed);
    const screens: string[] = [];
    await page.goto(link);
    await page.waitForURL(/#\/payment/);
    const main = page.getByRole('main');
    await expect.poll(() => main.innerText()).toContain(formatPrice(2 * ADULT, lang));
    await checkScreen(page, screens, 'payment');
    await payByCard(page, lang);

    const orderToken = (await storedOrderToken(page))!;
    await expect.poll(() => page.getByTestId('confirm-total').innerText()).toBe(formatPrice(2 * ADULT, lang));
    expect(await main.innerText()).toContain(visitor.email);
    await checkScreen(page, screens, 'confirm');
    await completePurchase(page, lang);
    const number = await reservationNumber(page);
    expect(number).toMatch(/^[0-9A-Z]{10}$/);
    await checkScreen(page, screens, 'complete');
    expect(await paymentsOf(orderToken)).toEqual([
      { method: 'gmo_3ds', amount: 2 * ADULT, status: 'confirmed' },
    ]);

    // MORI's complete screen has no ticket button (completePage.showGoToTicketButton): the purchase mail
    // carries the ticket link.
    expect(await main.getByRole('link', { name: text(lang, 'complete_go_to_ticket') }).count()).toBe(0);
    await page.goto(await linkInMail(page, visitor.email, /#\/id\//));
    await expect.poll(() => page.getByRole('img', { name: pattern(lang, 'ticket_qr_alt') }).count()).toBe(2);
    await expect.poll(() => main.innerText()).toContain(number);
    await checkScreen(page, screens, 'ticket');
    expect(screens).toEqual(['payment', 'confirm', 'complete', 'ticket']);
  });
});
