import { useTranslation } from 'react-i18next';
import { InquiryForm } from '../reservation-inquiry/inquiry-form.tsx';
import { VisitorPage } from '../visitor-page/visitor-page.tsx';

/** Reservation inquiry (spec §2 `/reservation-inquiry`): find a booking by e-mail and reservation number. */
export default function ReservationInquiryScreen() {
  const { t } = useTranslation();
  return (
    <VisitorPage
      testId="reservation-inquiry-screen"
      title={t('screen_reservation_inquiry_title')}
      intro={t('inquiry_intro')}
    >
      <InquiryForm />
    </VisitorPage>
  );
}
