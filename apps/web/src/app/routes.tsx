import type { ReactElement } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import NotFoundScreen from '../features/static-pages/not-found-screen.tsx';
import { OnlyWithMembershipLogin, SkippedInMailConfirmOnly } from './flow-guards.tsx';
import { RootLayout } from './layout/root-layout.tsx';
import { lazyScreen, type LazyScreen } from './load-with-timeout.ts';
import { paths } from '../shared/routing/paths.ts';
import { RouteErrorScreen } from './route-error-screen.tsx';
import { TicketRedirect } from './ticket-redirect.tsx';
import { KioskFrame } from './kiosk-frame.tsx';

// Every screen is its own chunk, loaded on demand with the 120 s time-out (spec §2).
const OrderScreen = lazyScreen(() => import('../features/booking/screens/order-screen.tsx'));
const SignInScreen = lazyScreen(() => import('../features/booking/screens/sign-in-screen.tsx'));
const MembershipLoginScreen = lazyScreen(
  () => import('../features/booking/screens/membership-login-screen.tsx'),
);
const SendedMailScreen = lazyScreen(() => import('../features/booking/screens/sended-mail-screen.tsx'));
const MailConfirmScreen = lazyScreen(() => import('../features/booking/screens/mail-confirm-screen.tsx'));
const PaymentScreen = lazyScreen(() => import('../features/booking/screens/payment-screen.tsx'));
const ConfirmScreen = lazyScreen(() => import('../features/booking/screens/confirm-screen.tsx'));
const CompleteScreen = lazyScreen(() => import('../features/booking/screens/complete-screen.tsx'));
const DPayConfirmScreen = lazyScreen(() => import('../features/booking/screens/d-pay-confirm-screen.tsx'));
const ErrorScreen = lazyScreen(() => import('../features/booking/screens/error-screen.tsx'));
const WaitingRoomScreen = lazyScreen(() => import('../features/booking/screens/waiting-room-screen.tsx'));
const PaymentCallbackScreen = lazyScreen(
  () => import('../features/booking/payment-callbacks/payment-callback-screen.tsx'),
);
const Gmo3dsCallbackScreen = lazyScreen(
  () => import('../features/booking/payment-callbacks/gmo3ds-callback-screen.tsx'),
);
const Sbps3dsCallbackScreen = lazyScreen(
  () => import('../features/booking/payment-callbacks/sbps3ds-callback-screen.tsx'),
);
const PaymentErrorScreen = lazyScreen(
  () => import('../features/booking/payment-callbacks/payment-error-screen.tsx'),
);
const TicketScreen = lazyScreen(() => import('../features/tickets/screens/ticket-screen.tsx'));
const ReceiptScreen = lazyScreen(() => import('../features/tickets/screens/receipt-screen.tsx'));
const TicketShareScreen = lazyScreen(() => import('../features/tickets/screens/ticket-share-screen.tsx'));
const TicketSharedScreen = lazyScreen(() => import('../features/tickets/screens/ticket-shared-screen.tsx'));
const TicketViewOnlyScreen = lazyScreen(
  () => import('../features/tickets/screens/ticket-view-only-screen.tsx'),
);
const TicketSendScreen = lazyScreen(() => import('../features/tickets/screens/ticket-send-screen.tsx'));
const CheckInGateScreen = lazyScreen(() => import('../features/check-in/screens/check-in-gate-screen.tsx'));
const GateScannerScreen = lazyScreen(() => import('../features/check-in/screens/gate-scanner-screen.tsx'));
const ChangeDateScreen = lazyScreen(() => import('../features/change-date/screens/change-date-screen.tsx'));
const ChangeDateConfirmScreen = lazyScreen(
  () => import('../features/change-date/screens/change-date-confirm-screen.tsx'),
);
const ChangeDatePaymentScreen = lazyScreen(
  () => import('../features/change-date/screens/change-date-payment-screen.tsx'),
);
const ChangeDatePaymentConfirmScreen = lazyScreen(
  () => import('../features/change-date/screens/change-date-payment-confirm-screen.tsx'),
);
const ChangeDateCompleteScreen = lazyScreen(
  () => import('../features/change-date/screens/change-date-complete-screen.tsx'),
);
const PrivacyScreen = lazyScreen(() => import('../features/static-pages/screens/privacy-screen.tsx'));
const SpecifiedScreen = lazyScreen(() => import('../features/static-pages/screens/specified-screen.tsx'));
const TermsScreen = lazyScreen(() => import('../features/static-pages/screens/terms-screen.tsx'));
const ReservationInquiryScreen = lazyScreen(
  () => import('../features/static-pages/screens/reservation-inquiry-screen.tsx'),
);
const MailReleaseScreen = lazyScreen(
  () => import('../features/static-pages/screens/mail-release-screen.tsx'),
);
const MailReleaseCompletionScreen = lazyScreen(
  () => import('../features/static-pages/screens/mail-release-completion-screen.tsx'),
);
const TodayTicketInfoScreen = lazyScreen(
  () => import('../features/signage/screens/today-ticket-info-screen.tsx'),
);
const SpotScreen = lazyScreen(() => import('../features/spot/screens/spot-screen.tsx'));
const SpotPaymentScreen = lazyScreen(() => import('../features/spot/screens/spot-payment-screen.tsx'));
const SpotTicketInquiryScreen = lazyScreen(
  () => import('../features/spot/screens/spot-ticket-inquiry-screen.tsx'),
);
const SpotQrScreen = lazyScreen(() => import('../features/spot/screens/spot-qr-screen.tsx'));
const SpotOrderFieldsScreen = lazyScreen(
  () => import('../features/spot/screens/spot-order-fields-screen.tsx'),
);
const SpotProductsScreen = lazyScreen(() => import('../features/spot/screens/spot-products-screen.tsx'));
const SpotEmailSendedScreen = lazyScreen(
  () => import('../features/spot/screens/spot-email-sended-screen.tsx'),
);
const MovedVisitScreen = lazyScreen(() => import('../features/moved-visit/screens/moved-visit-screen.tsx'));
const ReturnNoteScreen = lazyScreen(() => import('../features/tickets/screens/return-note-screen.tsx'));
const KioskStartScreen = lazyScreen(() => import('../features/kiosk/screens/kiosk-start-screen.tsx'));
const KioskTicketsScreen = lazyScreen(() => import('../features/kiosk/screens/kiosk-tickets-screen.tsx'));

/**
 * A route that shows one screen; `handle.screen` lets the app load the first location's screen
 * before its first render (app/start-app.tsx), `wrap` adds the screen's flow guard.
 */
function screenRoute(
  path: string | { index: true },
  Screen: LazyScreen,
  wrap: (screen: ReactElement) => ReactElement = (screen) => screen,
): RouteObject {
  return {
    ...(typeof path === 'string' ? { path } : path),
    element: wrap(<Screen />),
    handle: { screen: Screen },
  };
}

const skippedInMailConfirmOnly = (screen: ReactElement) => (
  <SkippedInMailConfirmOnly>{screen}</SkippedInMailConfirmOnly>
);

/** The screens the first location shows, for the app to load before its first render. */
export function screensAt(pathname: string): LazyScreen[] {
  return (matchRoutes(routes, pathname) ?? []).flatMap(
    ({ route }) => (route.handle as { screen?: LazyScreen } | undefined)?.screen ?? [],
  );
}

/** Every route of spec §2. The root shares the order screen; any other path is not found. */
export const routes: RouteObject[] = [
  {
    path: paths.root.path,
    element: <RootLayout />,
    children: [
      {
        // Errors (a screen that fails or times out loading) show inside the layout.
        errorElement: <RouteErrorScreen />,
        // A kiosk's mark and idle reset around every screen (ADR 081); an ordinary page just renders.
        element: <KioskFrame />,
        children: [
          screenRoute({ index: true }, OrderScreen, skippedInMailConfirmOnly),
          screenRoute(paths.order.path, OrderScreen, skippedInMailConfirmOnly),
          screenRoute(paths.waitingRoom.path, WaitingRoomScreen, skippedInMailConfirmOnly),
          screenRoute(paths.signIn.path, SignInScreen, skippedInMailConfirmOnly),
          screenRoute(paths.membershipLogin.path, MembershipLoginScreen, (screen) => (
            <OnlyWithMembershipLogin>{screen}</OnlyWithMembershipLogin>
          )),
          screenRoute(paths.sendedMail.path, SendedMailScreen),
          screenRoute(paths.mailConfirm.path, MailConfirmScreen),
          screenRoute(paths.payment.path, PaymentScreen),
          screenRoute(paths.confirm.path, ConfirmScreen),
          screenRoute(paths.complete.path, CompleteScreen),
          screenRoute(paths.dPayConfirm.path, DPayConfirmScreen),
          screenRoute(paths.error.path, ErrorScreen),
          screenRoute(paths.paymentCallback.path, PaymentCallbackScreen),
          screenRoute(paths.paymentCallbackGmo3ds.path, Gmo3dsCallbackScreen),
          screenRoute(paths.paymentCallbackSbps3ds.path, Sbps3dsCallbackScreen),
          screenRoute(paths.paymentError.path, PaymentErrorScreen),
          screenRoute(paths.ticket.path, TicketScreen),
          screenRoute(paths.receipt.path, ReceiptScreen),
          screenRoute(paths.returnNote.path, ReturnNoteScreen),
          screenRoute(paths.ticketShare.path, TicketShareScreen),
          screenRoute(paths.ticketShared.path, TicketSharedScreen),
          screenRoute(paths.ticketSend.path, TicketSendScreen),
          screenRoute(paths.ticketView.path, TicketViewOnlyScreen),
          screenRoute(paths.checkInGate.path, CheckInGateScreen),
          screenRoute(paths.gateScanner.path, GateScannerScreen),
          screenRoute(paths.changeDate.path, ChangeDateScreen),
          screenRoute(paths.changeDateConfirm.path, ChangeDateConfirmScreen),
          screenRoute(paths.changeDatePayment.path, ChangeDatePaymentScreen),
          screenRoute(paths.changeDatePaymentConfirm.path, ChangeDatePaymentConfirmScreen),
          screenRoute(paths.changeDateComplete.path, ChangeDateCompleteScreen),
          screenRoute(paths.privacy.path, PrivacyScreen),
          screenRoute(paths.specified.path, SpecifiedScreen),
          screenRoute(paths.terms.path, TermsScreen),
          screenRoute(paths.reservationInquiry.path, ReservationInquiryScreen),
          screenRoute(paths.mailRelease.path, MailReleaseScreen),
          screenRoute(paths.mailReleaseCompletion.path, MailReleaseCompletionScreen),
          screenRoute(paths.signageTodayTicketInfo.path, TodayTicketInfoScreen),
          screenRoute(paths.spot.path, SpotScreen),
          screenRoute(paths.spotPayment.path, SpotPaymentScreen),
          screenRoute(paths.spotTicketInquiry.path, SpotTicketInquiryScreen),
          screenRoute(paths.spotQr.path, SpotQrScreen),
          screenRoute(paths.spotOrderFields.path, SpotOrderFieldsScreen),
          screenRoute(paths.spotProducts.path, SpotProductsScreen),
          screenRoute(paths.spotEmailSended.path, SpotEmailSendedScreen),
          screenRoute(paths.movedVisit.path, MovedVisitScreen),
          screenRoute(paths.kiosk.path, KioskStartScreen),
          screenRoute(paths.kioskTickets.path, KioskTicketsScreen),
          { path: paths.ticketRedirect.path, element: <TicketRedirect /> },
          { path: '*', element: <NotFoundScreen homeHref={paths.root.getHref()} /> },
        ],
      },
    ],
  },
];
