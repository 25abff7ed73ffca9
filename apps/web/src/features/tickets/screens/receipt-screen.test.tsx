import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReceiptResponse } from '@kippu/contract/endpoints/receipt';
import { useDialogStore } from '../../../shared/stores/dialog-store.ts';
import { fakeApi, ok, serverError, type SeenCall } from '../../../test/fake-api.ts';
import { renderRoutes } from '../../../test/render.tsx';
import ReceiptScreen from './receipt-screen.tsx';

const TOKEN = 'holder-token-1';

const unissued: ReceiptResponse = {
  reservation_number: 'K7QW3MZP2A',
  lang: 'en',
  currency: 'JPY',
  issuer: { name: 'Kippu Demo Exhibition', registration_number: 'T4010001000003' },
  product_name: 'Night garden',
  starts_at: '2026-12-01T09:00:00.000Z',
  items: [
    { name: 'Adult', unit_price: 3150, quantity: 2, amount: 6300 },
    { name: 'Guidebook', unit_price: 500, quantity: 1, amount: 500 },
  ],
  subtotal: 6800,
  discount: 680,
  total: 6120,
  taxes: [{ rate_percent: 10, amount: 6120, tax: 556 }],
  issue: null,
};

const issuedTo = (addressee: string, reissueCount: number): ReceiptResponse => ({
  ...unissued,
  issue: {
    receipt_number: 'R00000042',
    addressee,
    issued_at: '2026-11-23T03:00:00.000Z',
    reissue_count: reissueCount,
  },
});

const renderReceipt = () =>
  renderRoutes(
    [{ path: '/id/:reservationToken/receipt', element: <ReceiptScreen /> }],
    `/id/${TOKEN}/receipt`,
  );

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the receipt screen', () => {
  it('issues the receipt to the typed addressee and shows the sheet with a PDF link', async () => {
    const user = userEvent.setup();
    let issues = 0;
    const server = fakeApi({
      [`GET receipts/${TOKEN}`]: ok(unissued),
      [`POST receipts/${TOKEN}`]: (call: SeenCall) => {
        issues += 1;
        return ok(issuedTo((call.body as { addressee: string }).addressee, issues - 1));
      },
    });
    await renderReceipt();
    expect(await screen.findByText(/Enter whom the receipt is made out to/)).toBeTruthy();
    // Nothing to print before the first issue.
    expect(screen.queryByRole('link', { name: 'Download PDF' })).toBeNull();

    await user.type(screen.getByLabelText(/^Addressee/), '  Kippu Inc.  ');
    await user.click(screen.getByRole('button', { name: 'Issue receipt' }));

    const sheet = await screen.findByRole('article', { name: 'Receipt' });
    expect(server.calls.at(-1)!.body).toEqual({ addressee: 'Kippu Inc.' });
    expect(server.calls.at(-1)!.query.get('lang')).toBe('en');
    expect(within(sheet).getByText('To: Kippu Inc.')).toBeTruthy();
    expect(within(sheet).getByText('R00000042')).toBeTruthy();
    expect(within(sheet).getByText('K7QW3MZP2A')).toBeTruthy();
    expect(
      within(sheet).getByText('Subject to 10% tax: ¥6,120 (consumption tax included: ¥556)'),
    ).toBeTruthy();
    expect(within(sheet).getByText('-¥680')).toBeTruthy();
    expect(within(sheet).getByText('Registration number: T4010001000003')).toBeTruthy();
    expect(within(sheet).queryByText('Reissued')).toBeNull();
    const pdf = screen.getByRole('link', { name: 'Download PDF' });
    expect(pdf.getAttribute('href')).toMatch(new RegExp(`receipts/${TOKEN}/pdf\\?lang=en$`));

    // Issuing again is allowed, said beforehand, and the new sheet is marked.
    expect(screen.getByText(/Issuing it again marks the new one as reissued/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Issue again' }));
    expect(
      await within(screen.getByRole('article', { name: 'Receipt' })).findByText('Reissued'),
    ).toBeTruthy();
    expect(issues).toBe(2);
  });

  it('an empty addressee is refused before any call', async () => {
    const user = userEvent.setup();
    const server = fakeApi({ [`GET receipts/${TOKEN}`]: ok(unissued) });
    await renderReceipt();
    await user.click(await screen.findByRole('button', { name: 'Issue receipt' }));
    expect(screen.getByText('Please enter the addressee.')).toBeTruthy();
    expect(screen.getByLabelText(/^Addressee/).getAttribute('aria-invalid')).toBe('true');
    expect(server.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('an already issued receipt shows at once, marked when re-issued', async () => {
    fakeApi({ [`GET receipts/${TOKEN}`]: ok(issuedTo('Hanako Kippu', 2)) });
    await renderReceipt();
    const sheet = await screen.findByRole('article', { name: 'Receipt' });
    expect(within(sheet).getByText('Reissued')).toBeTruthy();
    expect((screen.getByLabelText(/^Addressee/) as HTMLInputElement).value).toBe('Hanako Kippu');
  });

  it('an unknown reservation is the page message; a refused issue shows the dialog', async () => {
    fakeApi({ [`GET receipts/${TOKEN}`]: serverError('record_not_found') });
    const { unmount } = await renderReceipt();
    expect(
      await screen.findByText(
        'We could not find this ticket. Please check the link in your confirmation email.',
      ),
    ).toBeTruthy();
    unmount();
    vi.unstubAllGlobals();

    const user = userEvent.setup();
    fakeApi({
      [`GET receipts/${TOKEN}`]: ok(unissued),
      [`POST receipts/${TOKEN}`]: serverError('too_many_requests'),
    });
    await renderReceipt();
    await user.type(await screen.findByLabelText(/^Addressee/), 'Kippu Inc.');
    await user.click(screen.getByRole('button', { name: 'Issue receipt' }));
    await waitFor(() =>
      expect(useDialogStore.getState().dialogs.at(-1)?.titleKey).toBe('error_dialog_too_many_requests_title'),
    );
    expect(screen.queryByRole('article')).toBeNull();
  });
});
