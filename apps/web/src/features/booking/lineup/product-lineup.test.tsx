import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LangCode } from '@kippu/contract/enums';
import { productSearchDateSchema } from '@kippu/contract/endpoints/catalogue-search';
import { productsResponseSchema, type Product } from '@kippu/contract/endpoints/products';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { useDialogStore } from '../../../shared/stores/dialog-store.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { configuration } from '../../../test/site-settings-fixture.ts';
import { ProductLineup, type LineupChoice } from './product-lineup.tsx';

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

async function renderLineup(lang: LangCode = 'en', choice?: LineupChoice) {
  return renderWithProviders(<ProductLineup label="Tickets on sale" choice={choice} />, lang);
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
    const section = await screen.findByRole('list', { name: 'Tickets on sale' });
    const cards = within(section).getAllByRole('article');
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
    // Without a choice the cards are not controls.
    expect(within(section).queryByRole('button')).toBeNull();
    expect(within(section).queryByRole('radio')).toBeNull();
  });

  it("formats prices in the page's language with the site currency", async () => {
    answerProducts(() => json(PRODUCTS));
    await renderLineup('ja');
    expect(await screen.findByText('1,500円〜')).toBeTruthy();
    expect(screen.getByText('3,800円')).toBeTruthy();
    expect(screen.getByText('無料')).toBeTruthy();
    expect(screen.getByText('日付と入場時間を指定')).toBeTruthy();
  });

  it('shows skeleton cards while loading, then the cards', async () => {
    let release: (response: Response) => void = () => undefined;
    answerProducts(() => new Promise<Response>((resolve) => (release = resolve)));
    await renderLineup();
    const skeleton = screen.getByTestId('lineup-skeleton');
    expect(skeleton.getAttribute('aria-hidden')).toBe('true');
    expect(skeleton.parentElement!.getAttribute('aria-busy')).toBe('true');
    release(json(PRODUCTS));
    const section = await screen.findByRole('list', { name: 'Tickets on sale' });
    expect(within(section).getAllByRole('article')).toHaveLength(2);
    expect(screen.queryByTestId('lineup-skeleton')).toBeNull();
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

  it('with a choice, is a radio group named by the products; the radio or a click on the card chooses', async () => {
    answerProducts(() => json(PRODUCTS));
    const onSelect = vi.fn();
    await renderLineup('en', { selectedUuid: PRODUCTS[0]!.uuid, onSelect });
    const group = await screen.findByRole('radiogroup', { name: 'Tickets on sale' });
    // In display order, each radio named by its product.
    const articles = within(group).getAllByRole('article');
    expect(articles.map((card) => within(card).getByRole('radio').getAttribute('value'))).toEqual([
      PRODUCTS[1]!.uuid,
      PRODUCTS[0]!.uuid,
    ]);
    const timed = within(group).getByRole('radio', { name: 'Timed entry ticket' }) as HTMLInputElement;
    expect(timed.checked).toBe(false);
    expect((within(group).getByRole('radio', { name: 'Annual pass' }) as HTMLInputElement).checked).toBe(
      true,
    );
    await userEvent.click(timed);
    expect(onSelect).toHaveBeenLastCalledWith(PRODUCTS[1]);
    await userEvent.click(screen.getByText('Valid for a set period'));
    expect(onSelect).toHaveBeenLastCalledWith(PRODUCTS[0]);
  });

  it("on a date, lists only that date's products in its order, with their status; sold out cannot be chosen", async () => {
    answerProducts(() => json(PRODUCTS));
    const onSelect = vi.fn();
    const onDate = productSearchDateSchema.shape.products.parse([
      {
        uuid: PRODUCTS[0]!.uuid,
        name: 'Annual pass',
        product_type: 'period',
        display_position: 2,
        status: 'sold_out',
        count: null,
        slots: [],
      },
      {
        uuid: PRODUCTS[1]!.uuid,
        name: 'Timed entry ticket',
        product_type: 'time',
        display_position: 1,
        status: 'few',
        count: 3,
        slots: [],
      },
    ]);
    await renderLineup('en', {
      selectedUuid: null,
      onSelect,
      onDate: { products: onDate, statusText: (entry) => `${entry.status}:${entry.count ?? '-'}` },
    });
    const group = await screen.findByRole('radiogroup', { name: 'Tickets on sale' });
    const radios = within(group).getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((radio) => radio.disabled)).toEqual([true, false]);
    expect(within(group).getByText('sold_out:-')).toBeTruthy();
    const timed = within(group).getByRole('radio', { name: 'Timed entry ticket' });
    expect(timed.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(timed.getAttribute('aria-describedby')!)!.textContent).toBe('few:3');
    await userEvent.click(within(group).getByText('Annual pass'));
    expect(onSelect).not.toHaveBeenCalled();
    await userEvent.click(timed);
    expect(onSelect).toHaveBeenCalledWith(PRODUCTS[1]);
  });

  it('on a date with no products says so', async () => {
    answerProducts(() => json(PRODUCTS));
    await renderLineup('ja', {
      selectedUuid: null,
      onSelect: vi.fn(),
      onDate: { products: [], statusText: () => '' },
    });
    expect(await screen.findByText('この日に販売しているチケットはありません。')).toBeTruthy();
  });
});
