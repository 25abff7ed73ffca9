import type { RouteObject } from 'react-router';
import NotFoundScreen from '../features/static-pages/not-found-screen.tsx';
import { OnlyWithMembershipLogin, SkippedInMailConfirmOnly } from './flow-guards.tsx';
import { RootLayout } from './layout/root-layout.tsx';
import { lazyScreen } from './load-with-timeout.ts';
import { paths } from './paths.ts';
import { RouteErrorScreen } from './route-error-screen.tsx';
import { TicketRedirect } from './ticket-redirect.tsx';

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

const orderScreen = (
  <SkippedInMailConfirmOnly>
    <OrderScreen />
  </SkippedInMailConfirmOnly>
);

/** Every route of spec §2. The root shares the order screen; any other path is not found. */
export const routes: RouteObject[] = [
  {
    path: paths.root.path,
    element: <RootLayout />,
    children: [
      {
        // Errors (a screen that fails or times out loading) show inside the layout.
        errorElement: <RouteErrorScreen />,
        children: [
          { index: true, element: orderScreen },
          { path: paths.order.path, element: orderScreen },
          {
            path: paths.signIn.path,
            element: (
              <SkippedInMailConfirmOnly>
                <SignInScreen />
              </SkippedInMailConfirmOnly>
            ),
          },
          {
            path: paths.membershipLogin.path,
            element: (
              <OnlyWithMembershipLogin>
                <MembershipLoginScreen />
              </OnlyWithMembershipLogin>
            ),
          },
          { path: paths.sendedMail.path, element: <SendedMailScreen /> },
          { path: paths.mailConfirm.path, element: <MailConfirmScreen /> },
          { path: paths.payment.path, element: <PaymentScreen /> },
          { path: paths.confirm.path, element: <ConfirmScreen /> },
          { path: paths.complete.path, element: <CompleteScreen /> },
          { path: paths.dPayConfirm.path, element: <DPayConfirmScreen /> },
          { path: paths.error.path, element: <ErrorScreen /> },
          { path: paths.paymentCallback.path, element: <PaymentCallbackScreen /> },
          { path: paths.paymentCallbackGmo3ds.path, element: <Gmo3dsCallbackScreen /> },
          { path: paths.paymentCallbackSbps3ds.path, element: <Sbps3dsCallbackScreen /> },
          { path: paths.paymentError.path, element: <PaymentErrorScreen /> },
          { path: paths.ticket.path, element: <TicketScreen /> },
          { path: paths.receipt.path, element: <ReceiptScreen /> },
          { path: paths.ticketShare.path, element: <TicketShareScreen /> },
          { path: paths.ticketShared.path, element: <TicketSharedScreen /> },
          { path: paths.ticketSend.path, element: <TicketSendScreen /> },
          { path: paths.checkInGate.path, element: <CheckInGateScreen /> },
          { path: paths.gateScanner.path, element: <GateScannerScreen /> },
          { path: paths.changeDate.path, element: <ChangeDateScreen /> },
          { path: paths.changeDateConfirm.path, element: <ChangeDateConfirmScreen /> },
          { path: paths.changeDatePayment.path, element: <ChangeDatePaymentScreen /> },
          { path: paths.changeDatePaymentConfirm.path, element: <ChangeDatePaymentConfirmScreen /> },
          { path: paths.changeDateComplete.path, element: <ChangeDateCompleteScreen /> },
          { path: paths.privacy.path, element: <PrivacyScreen /> },
          { path: paths.specified.path, element: <SpecifiedScreen /> },
          { path: paths.terms.path, element: <TermsScreen /> },
          { path: paths.reservationInquiry.path, element: <ReservationInquiryScreen /> },
          { path: paths.mailRelease.path, element: <MailReleaseScreen /> },
          { path: paths.mailReleaseCompletion.path, element: <MailReleaseCompletionScreen /> },
          { path: paths.signageTodayTicketInfo.path, element: <TodayTicketInfoScreen /> },
          { path: paths.spot.path, element: <SpotScreen /> },
          { path: paths.spotPayment.path, element: <SpotPaymentScreen /> },
          { path: paths.spotTicketInquiry.path, element: <SpotTicketInquiryScreen /> },
          { path: paths.spotQr.path, element: <SpotQrScreen /> },
          { path: paths.spotOrderFields.path, element: <SpotOrderFieldsScreen /> },
          { path: paths.spotProducts.path, element: <SpotProductsScreen /> },
          { path: paths.spotEmailSended.path, element: <SpotEmailSendedScreen /> },
          { path: paths.ticketRedirect.path, element: <TicketRedirect /> },
          { path: '*', element: <NotFoundScreen homeHref={paths.root.getHref()} /> },
        ],
      },
    ],
  },
];
