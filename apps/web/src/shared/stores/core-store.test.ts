import { beforeEach, describe, expect, it } from 'vitest';
import { resetCurrentSite } from '../site/detect-site.ts';
import { useCoreStore } from './core-store.ts';

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
    expect(sessionStorage.getItem('kippu.BORDERLESS.core')).toBeNull();
    expect(sessionStorage.getItem('kippu.BORDERLESS.ticket')).toBeNull();
    expect(sessionStorage.getItem('kippu.MORI.core')).toBe('{"keep":true}');
  });
});
