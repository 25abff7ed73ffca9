import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LangCode } from '@kippu/contract/enums';
import { productsResponseSchema, type Product } from '@kippu/contract/endpoints/products';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { useDialogStore } from '../../../shared/stores/dialog-store.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { configuration } from '../../../test/site-settings-fixture.ts';
import { ProductLineup } from './product-lineup.tsx';

/** Products as the server sends them: parsed by the contract's own response schema. */
const PRODUCTS: Product[] = productsResponseSchema.parse([
  {
    uuid: '0b6f1e52-8f5e-4a57-9b7e-2b8f3f0f6a01',
    product_type: 'period',
    name: 'Annual pass',
    description: 'Unlimited visits for a year.',
    caution: '',
    image_url: null,
    sale_channels: ['web'],
    min_quantity: 1,
    max_quantity: 4,
    option_values: [{ id: 11, name: 'Adult', price: 9800, display_position: 1 }],
    display_position: 2,
  },
  {
    uuid: '0b6f1e52-8f5e-4a57-9b7e-2b8f3f0f6a02',
    product_type: 'time',
    name: 'Timed entry ticket',
    description: 'Enter in your chosen half-hour slot.',
    caution: 'Re-entry is not allowed.',
    image_url: null,
    sale_channels: ['web', 'pos'],
    min_quantity: 1,
    max_quantity: 10,
    option_values: [
      { id: 22, name: 'Child', price: 1500, display_position: 2 },
      { id: 21, name: 'Adult', price: 3800, display_position: 1 },
      { id: 23, name: 'Infant', price: 0, display_position: 3 },
    ],
    display_position: 1,
  },
]);

function answerProducts(reply: () => Response | Promise<Response>) {
  const fetchDouble = vi.fn(async (input: RequestInfo | URL) => {
    expect(String(input)).toContain('/api/v1/products?lang=');
    return reply();
  });
  vi.stubGlobal('fetch', fetchDouble);
  return fetchDouble;
}
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

async function renderLineup(lang: LangCode = 'en') {
  return renderWithProviders(<ProductLineup />, lang);
}

describe('ProductLineup', () => {
  beforeEach(() => useCoreStore.setState({ configuration: configuration({ currency: 'JPY' }) }));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists the products in display order as articles with how entry works, prices and a from-line', async () => {
    answerProducts(() => json(PRODUCTS));
    await renderLineup();
    const section = screen.getByRole('region', { name: 'Choose your tickets' });
    const cards = await within(section).findAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Timed entry ticket',
      'Annual pass',
    ]);

    const timed = within(cards[0]!);
    expect(timed.getByText('Choose a date and entry time')).toBeTruthy();
    expect(timed.getByText('From ¥1,500')).toBeTruthy();
    const rows = within(timed.getByRole('list', { name: 'Ticket types and prices' })).getAllByRole(
      'listitem',
    );
    expect(rows.map((row) => row.textContent)).toEqual(['Adult¥3,800', 'Child¥1,500', 'InfantFree']);
    expect(timed.getByText('Re-entry is not allowed.')).toBeTruthy();

    const pass = within(cards[1]!);
    expect(pass.getByText('Valid for a set period')).toBeTruthy();
    expect(pass.getAllByText('¥9,800')).toHaveLength(2); // the single price line and its row
    expect(pass.queryByText('Please note')).toBeNull();
    // Selection arrives later: the cards are not controls.
    expect(within(section).queryByRole('button')).toBeNull();
  });

  it("formats prices in the page's language with the site currency", async () => {
    answerProducts(() => json(PRODUCTS));
    await renderLineup('ja');
    expect(await screen.findByRole('heading', { level: 2, name: 'チケットを選ぶ' })).toBeTruthy();
    expect(await screen.findByText('1,500円〜')).toBeTruthy();
    expect(screen.getByText('3,800円')).toBeTruthy();
    expect(screen.getByText('無料')).toBeTruthy();
    expect(screen.getByText('日付と入場時間を指定')).toBeTruthy();
  });

  it('shows skeleton cards while loading, then the cards', async () => {
    let release: (response: Response) => void = () => undefined;
    answerProducts(() => new Promise<Response>((resolve) => (release = resolve)));
    await renderLineup();
    const section = screen.getByRole('region', { name: 'Choose your tickets' });
    expect(section.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByTestId('lineup-skeleton').getAttribute('aria-hidden')).toBe('true');
    release(json(PRODUCTS));
    expect(await within(section).findAllByRole('article')).toHaveLength(2);
    expect(screen.queryByTestId('lineup-skeleton')).toBeNull();
    expect(section.getAttribute('aria-busy')).toBe('false');
  });

  it('says so when nothing is on sale', async () => {
    answerProducts(() => json([]));
    await renderLineup('kr');
    expect(await screen.findByText('현재 판매 중인 티켓이 없습니다')).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('leaves the failure to the error dialog and shows a reload note instead of cards', async () => {
    answerProducts(() => json({ error: 'something new' }, 500));
    await renderLineup();
    expect(await screen.findByText('The tickets could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeTruthy();
    expect(useDialogStore.getState().dialogs.map((dialog) => dialog.titleKey)).toEqual([
      'error_dialog_connection_title',
    ]);
  });

  it('offers "Read more" only for a description that overflows its clamp, and toggles it', async () => {
    // jsdom has no layout: make clamped descriptions report more content than fits.
    vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return this.textContent?.startsWith('Enter in') ? 120 : 40;
    });
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(40);
    answerProducts(() => json(PRODUCTS));
    await renderLineup();
    const more = await screen.findByRole('button', { name: 'Read more' });
    expect(screen.getAllByRole('button')).toHaveLength(1);
    const description = document.getElementById(more.getAttribute('aria-controls')!)!;
    expect(description.className).toContain('--clamped');
    expect(more.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(more);
    expect(more.getAttribute('aria-expanded')).toBe('true');
    expect(more.textContent).toBe('Show less');
    expect(description.className).not.toContain('--clamped');
  });
});
