import type { ComponentType } from 'react';
import { screen } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { ticketResponseSchema } from '@kippu/contract/endpoints/ticket';
import type { ConfigurationResponse } from '@kippu/contract/site-settings';
import { SiteFooter } from '../app/layout/site-footer.tsx';
import { SiteHeader } from '../app/layout/site-header.tsx';
import { useRouteEffects } from '../app/use-route-effects.ts';
import { useTheme } from '../app/use-theme.ts';
import { fieldTemplates, temporaryOrder } from '../features/booking/checkout-page/test-doubles.ts';
import { NOW, serveOrderApi } from '../features/booking/order/order-test-doubles.ts';
import CompleteScreen from '../features/booking/screens/complete-screen.tsx';
import OrderScreen from '../features/booking/screens/order-screen.tsx';
import SignInScreen from '../features/booking/screens/sign-in-screen.tsx';
import TicketScreen from '../features/tickets/screens/ticket-screen.tsx';
import { useCachedToast } from '../app/use-cached-toast.ts';
import GateScannerScreen from '../features/check-in/screens/gate-scanner-screen.tsx';
import * as demoBanner from '../features/demo-mode/demo-banner.tsx';
import * as firstVisitGuides from '../features/first-visit/first-visit-guides.tsx';
import { PrintLogo } from '../features/tickets/print/print-logo.tsx';
import { useTagManager } from '../shared/analytics/use-tag-manager.ts';
import { siteKey } from '../shared/storage/site-storage.ts';
import { Toast } from '../shared/ui/toast.tsx';
import { useCoreStore } from '../shared/stores/core-store.ts';
import { fakeApi, ok } from '../test/fake-api.ts';
import { look, settle, snapshot } from './render-screen.tsx';

/** A component by its default export, or its named one (firstvisit is moving these to lazy default exports). */
function componentOf(module: object, name: string): ComponentType {
  const exports = module as Record<string, ComponentType | undefined>;
  const component = exports.default ?? exports[name];
  if (!component) throw new Error(`no component ${name}`);
  return component;
}
const DemoBanner = componentOf(demoBanner, 'DemoBanner');
const FirstVisitGuides = componentOf(firstVisitGuides, 'FirstVisitGuides');

/**
 * The screens the registry looks at, each as the product mounts it (the root layout's header, footer, colours,
 * title and tag manager; the sign-in, order, complete and ticket screens over a fake API). Each answers the
 * page's snapshot for one configuration, so an entry compares two of them.
 */

function Chrome() {
  useTheme();
  useRouteEffects();
  useTagManager();
  useCachedToast();
  return (
    <>
      <DemoBanner />
      <SiteHeader />
      <main />
      <SiteFooter />
      <Toast />
    </>
  );
}

/** The layout around every screen: header (logo), footer (links, brand), <html> colours, title, tag manager. */
export const chrome = (config: ConfigurationResponse, also?: () => void) =>
  look(config, <Chrome />, {
    // The colours, the tag manager and gtag are lazy chunks: wait until they have done their part (under load
    // a look taken before the chunk landed compared equal).
    ready: () => {
      screen.getByRole('contentinfo');
      expect(document.documentElement.style.getPropertyValue('--primary')).not.toBe('');
      if (config.settings.analytics.tagManagerId || config.settings.analytics.gatagKeyUrl)
        expect(document.head.querySelector('script')).not.toBeNull();
      also?.();
    },
  });

/** The order the sign-in look is the step of. */
export const SIGN_IN_ORDER = 'registry-order-token';

/** The sign-in screen with every field shown (selects included) and its step indicator. */
export async function signIn(config: ConfigurationResponse): Promise<string> {
  fakeApi({
    'GET field_templates': ok(
      fieldTemplates({
        fullname: true,
        email: true,
        gender: false,
        age: false,
        resident_area: false,
        questionnaire1: false,
        mail_magazine: false,
        teamlab_mail_magazine: false,
      }),
    ),
    [`GET orders/${SIGN_IN_ORDER}`]: ok(temporaryOrder()),
  });
  useCoreStore.setState({ orderToken: SIGN_IN_ORDER });
  try {
    return await look(config, <SignInScreen />, {
      path: '/sign-in',
      ready: () => screen.getByRole('textbox', { name: 'Full name' }),
    });
  } finally {
    vi.unstubAllGlobals();
  }
}

/** The thank-you page of a stored purchase (a discount, a total, the way to the ticket). */
export async function complete(
  config: ConfigurationResponse,
  options: { keepStored?: boolean } = {},
): Promise<string> {
  if (!options.keepStored)
    useCoreStore.setState({
      completeData: {
        reservationNumber: 'K7QX2M9P',
        reservationToken: 'registry-reservation',
        email: 'hanako@example.test',
        productName: 'Timed entry ticket',
        productType: 'time',
        startsAt: '2026-12-01T01:00:00.000Z',
        endsAt: '2026-12-01T01:30:00.000Z',
        ticketCount: 2,
        totalPrice: 7100,
        discount: 500,
      },
    });
  return look(config, <CompleteScreen />, {
    path: '/complete',
    ready: () => screen.getByRole('heading', { level: 1 }),
  });
}

/** The ticket page of a reservation of two. */
export async function ticket(config: ConfigurationResponse): Promise<string> {
  const token = 'registry-reservation';
  fakeApi({
    [`GET tickets/${token}`]: ok(
      ticketResponseSchema.parse({
        reservation_number: 'K7QX2M9P',
        status: 'reserved',
        lang: 'en',
        product: { name: 'Timed entry ticket', type: 'time', caution: '' },
        time_span_id: 812,
        starts_at: '2026-12-01T01:00:00.000Z',
        ends_at: '2026-12-01T01:30:00.000Z',
        total_price: 7600,
        discount: 0,
        set_products: [],
        apple_wallet: false,
        tickets: [
          { id: 101, sequence: 1, option_name: 'Adult', status: 'valid', qr: 'KP1.101.a1b2c3' },
          { id: 102, sequence: 2, option_name: 'Adult', status: 'valid', qr: 'KP1.102.d4e5f6' },
        ],
      }),
    ),
  });
  try {
    return await look(config, <TicketScreen />, {
      path: `/id/${token}`,
      route: '/id/:reservationToken',
      ready: () => expect(screen.getAllByText('K7QX2M9P').length).toBeGreaterThan(0),
    });
  } finally {
    vi.unstubAllGlobals();
  }
}

/**
 * The order screen on its first step (which step comes first, the calendar and its day colours), or at `path`
 * (a return, `/order?ref=c`), drawn once `also` passes too.
 */
export async function order(
  config: ConfigurationResponse,
  options: { path?: string; also?: () => void } = {},
): Promise<string> {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  serveOrderApi();
  try {
    return await look(config, <OrderScreen />, {
      path: options.path ?? '/order',
      route: '/order',
      ready: () => {
        screen.getByRole('list', { name: 'Booking steps' });
        options.also?.();
      },
    });
  } finally {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    delete window.dataLayer;
  }
}

/** The first-visit flags as they stand (a guide sets its flag as it opens). */
const flags = () =>
  ['appDownloadModalShown', 'tutorialShown'].map((name) => localStorage.getItem(siteKey(name))).join();

/** The order screen's first-visit guides (the app-download modal, the tutorial) on a first or later visit. */
export function firstVisit(config: ConfigurationResponse): Promise<string> {
  const before = flags();
  return look(
    config,
    <>
      <p>order screen</p>
      <FirstVisitGuides />
    </>,
    {
      path: '/order',
      // A guide that opened (its flag just set) is a lazy chunk: wait until its dialog is drawn.
      ready: () => expect(flags() === before || screen.queryByRole('dialog') !== null).toBe(true),
    },
  );
}

/**
 * A gate device whose network is down, a second and a half after it noticed: in mode reconnect it is already
 * retrying (ADR 112); otherwise it waits for its next regular sync.
 */
export async function gateOffline(config: ConfigurationResponse): Promise<string> {
  const down = () => {
    throw new TypeError('Failed to fetch');
  };
  fakeApi({ 'GET gate/session': down, 'GET gate/ticket-list': down, 'POST gate/check-ins/sync': down });
  localStorage.setItem(siteKey('gate.key'), 'KG1-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
  try {
    return await look(config, <GateScannerScreen />, {
      path: '/gate',
      ready: () => screen.getByText(/^Offline/),
    }).then(async () => {
      await settle(1_500);
      return snapshot();
    });
  } finally {
    vi.unstubAllGlobals();
  }
}

/** The print logo as a printable page (the receipt sheet) shows it on screen too. */
export const printLogo = (config: ConfigurationResponse) =>
  look(config, <PrintLogo />, { ready: () => expect(document.body.innerHTML).not.toBe('') });
