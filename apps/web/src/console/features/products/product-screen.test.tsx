import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeConsoleApi, sessionOf } from '../../test/console-fake-api.ts';
import { renderConsole } from '../../test/render-console.tsx';
import { productFixture, text } from './product-fixtures.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.location.hash = '';
});

const PATH = '/sites/MORI/products/11';

describe('product screen', () => {
  it('publishes after listing what is missing, with the fallback confirmed', async () => {
    const api = fakeConsoleApi({
      'GET /session': { status: 200, body: sessionOf('planner') },
      [`GET ${PATH}`]: { status: 200, body: { product: productFixture() } },
      [`POST ${PATH}/publish`]: (call) =>
        (call.body as { confirm_fallback: boolean }).confirm_fallback
          ? { status: 200, body: { product: productFixture({ status: 'published', version: 4 }) } }
          : {
              status: 400,
              body: {
                error: 'console translation missing',
                issues: [{ path: 'names.th', message: 'missing' }],
              },
            },
    });
    const user = userEvent.setup();
    const { container } = await renderConsole(`#${PATH}`);
    await screen.findByRole('heading', { name: 'Permanent exhibition', level: 1 });
    // The six-language editor marks Thai as missing; the schedule link carries the product (its uuid, as the
    // heatmap filters by).
    expect(screen.getByRole('link', { name: /slots in the schedule/ }).getAttribute('href')).toBe(
      '#/sites/MORI/schedule?product=00000000-0000-4000-8000-000000000011',
    );
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Some languages are missing' });
    expect(within(dialog).getByRole('listitem').textContent).toBe('Name: ไทย');
    expect(api.calls.some((call) => call.path.endsWith('/publish'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Publish with fallback' }));
    expect(await screen.findByText('Published.')).toBeTruthy();
    expect(api.calls.find((call) => call.path.endsWith('/publish'))?.body).toEqual({
      expected_version: 3,
      confirm_fallback: true,
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Back to draft' })).toBeTruthy();
  });

  it('saves the whole form with its version; a conflict offers a reload that shows the saved state', async () => {
    let reads = 0;
    const api = fakeConsoleApi({
      'GET /session': { status: 200, body: sessionOf('owner') },
      [`GET ${PATH}`]: () => {
        reads += 1;
        return {
          status: 200,
          body: {
            product: reads === 1 ? productFixture() : productFixture({ version: 7, max_quantity: 4 }),
          },
        };
      },
      [`PUT ${PATH}`]: { status: 409, body: { error: 'console edit conflict' } },
    });
    const user = userEvent.setup();
    await renderConsole(`#${PATH}`);
    const max = (await screen.findByLabelText('Maximum quantity')) as HTMLInputElement;
    await user.clear(max);
    await user.type(max, '6');
    await user.type(screen.getByLabelText('Name ไทย'), 'นิทรรศการ');
    expect(screen.getByText(/save them before changing the publication/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Publish' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Someone else saved this');
    const body = api.calls.find((call) => call.method === 'PUT')?.body as Record<string, unknown>;
    expect(body.expected_version).toBe(3);
    expect(body.max_quantity).toBe(6);
    expect((body.names as Record<string, string>).th).toBe('นิทรรศการ');
    expect(body.sale_starts_at).toBe('2026-12-01T00:00:00+09:00');
    expect(body.sale_ends_at).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Load the latest version' }));
    await vi.waitFor(() =>
      expect((screen.getByLabelText('Maximum quantity') as HTMLInputElement).value).toBe('4'),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("points at the field the API refused and keeps zod's rule before sending", async () => {
    const api = fakeConsoleApi({
      'GET /session': { status: 200, body: sessionOf('owner') },
      [`GET ${PATH}`]: { status: 200, body: { product: productFixture() } },
      [`PUT ${PATH}`]: {
        status: 400,
        body: { error: 'invalid request', issues: [{ path: 'sale_ends_at', message: 'must be after' }] },
      },
    });
    const user = userEvent.setup();
    await renderConsole(`#${PATH}`);
    const min = (await screen.findByLabelText('Minimum quantity')) as HTMLInputElement;
    await user.clear(min);
    await user.type(min, '20');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a whole number from the minimum quantity to 100.')).toBeTruthy();
    expect(api.calls.some((call) => call.method === 'PUT')).toBe(false);

    await user.clear(min);
    await user.type(min, '2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const error = await screen.findByText('The sale must end after it starts.');
    const ends = screen.getByLabelText('Sale ends');
    expect(ends.getAttribute('aria-describedby')).toContain(error.id);
    expect(document.activeElement).toBe(ends);
  });

  it('adds a ticket type, and offers no removal for one in an order', async () => {
    const api = fakeConsoleApi({
      'GET /session': { status: 200, body: sessionOf('owner') },
      [`GET ${PATH}`]: { status: 200, body: { product: productFixture() } },
      [`POST ${PATH}/ticket-types`]: {
        status: 200,
        body: {
          product: productFixture({
            version: 4,
            ticket_types: [
              ...productFixture().ticket_types,
              { id: 23, names: text({ en: 'Student' }), price: 1500, position: 3, version: 1, in_use: false },
            ],
          }),
        },
      },
    });
    const user = userEvent.setup();
    await renderConsole(`#${PATH}`);
    const table = await screen.findByRole('table', { name: 'Ticket types of Permanent exhibition' });
    expect((within(table).getByRole('button', { name: 'Remove Adult' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect((within(table).getByRole('button', { name: 'Remove Child' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
    await user.click(screen.getByRole('button', { name: 'Add a ticket type' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Name English'), 'Student');
    const price = within(dialog).getByLabelText('Price (yen, tax included)');
    await user.clear(price);
    await user.type(price, '1500');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(within(table).getByText('Student')).toBeTruthy());
    const body = api.calls.find((call) => call.method === 'POST')?.body as Record<string, unknown>;
    expect(body.price).toBe(1500);
    expect(body.expected_version).toBe(3);
  });

  it('shows a role that reads the catalogue the product without any control that writes', async () => {
    fakeConsoleApi({
      'GET /session': { status: 200, body: sessionOf('finance') },
      [`GET ${PATH}`]: { status: 200, body: { product: productFixture() } },
    });
    await renderConsole(`#${PATH}`);
    await screen.findByRole('heading', { name: 'Permanent exhibition', level: 1 });
    expect((screen.getByLabelText('Name English') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText('Maximum quantity') as HTMLInputElement).disabled).toBe(true);
    for (const name of ['Save', 'Publish', 'Retire', 'Delete', 'Add a ticket type'])
      expect(screen.queryByRole('button', { name })).toBeNull();
  });
});
