import { beforeEach, describe, expect, it } from 'vitest';
import { resetCurrentSite } from '../site/detect-site.ts';
import { useCoreStore } from './core-store.ts';
import { useSpotStore, useSpotTokensStore } from './spot-store.ts';
import { useTicketStore } from './ticket-store.ts';

const order = {
  productOptions: [
    { name: 'Adult', price: 3200, count: 2, productTimespanID: 77 },
    { name: 'Child', price: 1000, count: 1, productTimespanID: 77 },
  ],
};

const stored = (site: string) => JSON.parse(sessionStorage.getItem(`kippu.${site}.core`) ?? 'null')?.state;

describe('core store', () => {
  beforeEach(() => resetCurrentSite('BORDERLESS'));

  it('persists to sessionStorage under a key namespaced by site', () => {
    useCoreStore.getState().set({ orderToken: 'tok-1' });
    expect(stored('BORDERLESS')).toMatchObject({ orderToken: 'tok-1' });
    resetCurrentSite('MORI');
    useCoreStore.getState().set({ orderToken: 'tok-2' });
    expect(stored('MORI')).toMatchObject({ orderToken: 'tok-2' });
    expect(stored('BORDERLESS')).toMatchObject({ orderToken: 'tok-1' });
  });

  it('keeps server lists out of storage', () => {
    useCoreStore
      .getState()
      .set({ paymentMethods: [{ payment_method_type: 'free', name: 'Free', display_position: 1 }] });
    expect(stored('BORDERLESS')).not.toHaveProperty('paymentMethods');
  });

  it('saving the order page records conversion data (options and timespan id)', () => {
    useCoreStore.getState().saveOrder(order);
    expect(useCoreStore.getState().gtmConversionData).toEqual({
      options: order.productOptions,
      timeSpanId: 77,
    });
  });

  it('order reset clears the saved order, sign-in and payment pages only', () => {
    const { set, saveOrder, resetOrder } = useCoreStore.getState();
    saveOrder(order);
    set({ savedSignIn: { name: 'A' }, savedPayment: { method: 'gmo' }, orderToken: 't', paymentNumber: 'p' });
    resetOrder();
    expect(useCoreStore.getState()).toMatchObject({
      savedOrder: null,
      savedSignIn: null,
      savedPayment: null,
      orderToken: 't',
      paymentNumber: 'p',
      gtmConversionData: { timeSpanId: 77 },
    });
  });

  it('full reset clears tokens, pages, conversion and completion data and the site storage', () => {
    const { set, saveOrder, fullReset } = useCoreStore.getState();
    saveOrder(order);
    set({
      orderToken: 't',
      paymentNumber: 'p',
      savedSignIn: { a: 1 },
      completeData: { n: 1 },
      langCode: 'en',
    });
    sessionStorage.setItem('kippu.BORDERLESS.ticket', '{}');
    sessionStorage.setItem('kippu.MORI.core', '{"keep":true}');
    fullReset();
    expect(useCoreStore.getState()).toMatchObject({
      orderToken: null,
      paymentNumber: null,
      savedOrder: null,
      savedSignIn: null,
      savedPayment: null,
      gtmConversionData: null,
      completeData: null,
      // Not on the spec's list: the visitor's language stays.
      langCode: 'en',
    });
    expect(sessionStorage.getItem('kippu.MORI.core')).toBe('{"keep":true}');
  });

  it("full reset keeps the visitor's first-visit flags (ADR 105 addendum) and clears the rest of localStorage", () => {
    localStorage.setItem('kippu.BORDERLESS.appDownloadModalShown', '1');
    localStorage.setItem('kippu.BORDERLESS.tutorialShown', '1');
    localStorage.setItem('kippu.BORDERLESS.toastCache', '{"key":"toast_gateway_left"}');
    useCoreStore.getState().fullReset();
    expect(localStorage.getItem('kippu.BORDERLESS.appDownloadModalShown')).toBe('1');
    expect(localStorage.getItem('kippu.BORDERLESS.tutorialShown')).toBe('1');
    expect(localStorage.getItem('kippu.BORDERLESS.toastCache')).toBeNull();
  });

  it('full reset leaves memory and storage in step: a reload finds what the screen had', () => {
    const { set, fullReset } = useCoreStore.getState();
    set({
      orderToken: 't',
      mailToken: { token: 'm', orderToken: 't' },
      dPayStateCode: 'd',
      langCode: 'th',
      defaultLangCode: 'ja',
    });
    useTicketStore.getState().set({ shareToken: 's', changeDate: { id: 1 } });
    useSpotStore.getState().set({ orderToken: 'spot-order', qrToken: 'qr' });
    useSpotTokensStore.getState().addOrderToken('spot-1');
    fullReset();

    const storedState = (name: string, storage: Storage = sessionStorage) =>
      JSON.parse(storage.getItem(`kippu.BORDERLESS.${name}`) ?? 'null')?.state ?? null;
    const core = useCoreStore.getState();
    expect(core).toMatchObject({ orderToken: null, mailToken: null, dPayStateCode: null, langCode: 'th' });
    expect(storedState('core')).toMatchObject({
      orderToken: null,
      mailToken: null,
      dPayStateCode: null,
      langCode: 'th',
      defaultLangCode: 'ja',
    });
    expect(useTicketStore.getState()).toMatchObject({ shareToken: null, changeDate: null });
    expect(storedState('ticket')).toMatchObject({ shareToken: null, changeDate: null });
    expect(useSpotStore.getState()).toMatchObject({ orderToken: null, qrToken: 'qr' });
    expect(storedState('spot')).toMatchObject({ orderToken: null, qrToken: 'qr' });
    expect(useSpotTokensStore.getState().orderTokens).toEqual([]);
    expect(storedState('spotOrderTokens', localStorage)).toMatchObject({ orderTokens: [] });
  });
});
