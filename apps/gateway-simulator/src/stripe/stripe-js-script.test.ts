// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { STRIPE_SIMULATOR_ELEMENT_LABELS } from '@kippu/contract/stripe-test-cards';
import { stripeJsScript } from './stripe-js-script.ts';

type StripeSim = (
  key: string,
  options: { locale: string },
) => {
  elements: (options: { locale: string }) => { create: (type: 'card') => { mount: (node: Element) => void } };
};

/** The Element's three input labels, as the script renders them for a Stripe locale. */
function labelsFor(locale: string): (string | null)[] {
  // The script is what the browser runs: evaluated as served, it defines window.Stripe.
  new Function(stripeJsScript('/simulator/stripe'))();
  const Stripe = (window as unknown as { Stripe: StripeSim }).Stripe;
  const mountPoint = document.createElement('div');
  document.body.append(mountPoint);
  Stripe('pk_test_sim', { locale }).elements({ locale }).create('card').mount(mountPoint);
  return [...mountPoint.querySelectorAll('input')].map((input) => input.getAttribute('aria-label'));
}

describe("the simulator's Stripe.js card Element", () => {
  afterEach(() => {
    document.body.replaceChildren();
  });

  // The payment screen passes Stripe's locales (apps/web stripe-card.ts STRIPE_LOCALES).
  it.each([
    ['ja', 'ja'],
    ['en', 'en'],
    ['zh', 'zh-hans'],
    ['ko', 'kr'],
    ['zh-TW', 'zh-hant'],
    ['th', 'th'],
  ] as const)('labels its inputs in the page language for Stripe locale %s', (locale, lang) => {
    expect(labelsFor(locale)).toEqual([...STRIPE_SIMULATOR_ELEMENT_LABELS[lang]]);
  });

  it('falls back to English for a locale it does not know', () => {
    expect(labelsFor('fr')).toEqual([...STRIPE_SIMULATOR_ELEMENT_LABELS.en]);
  });
});
