import type { SiteSettings } from '@kippu/contract/site-settings';
import { paths } from '../../../shared/routing/paths.ts';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { useIsKiosk } from '../../../shared/kiosk/kiosk-store.ts';

/** The checkout steps the step indicator shows, in the order of spec §2 "Step navigation". */
export type BookingStep = 'order' | 'membership-login' | 'sign-in' | 'payment' | 'confirm';

const ALL_STEPS: readonly BookingStep[] = ['order', 'membership-login', 'sign-in', 'payment', 'confirm'];

const STEP_PATHS: Record<BookingStep, { getHref: () => string }> = {
  order: paths.order,
  'membership-login': paths.membershipLogin,
  'sign-in': paths.signIn,
  payment: paths.payment,
  confirm: paths.confirm,
};

type StepSettings = Pick<SiteSettings, 'isUseMembershipLogin' | 'isOnlyStartMailConfirm'> & {
  /** A kiosk sells to no one by name (ADR 081): no member login, no customer info, no mail. */
  kiosk?: boolean;
};

/**
 * The order flow of a site: order, membership-login (only if enabled), sign-in (unless
 * mail-confirm-only), payment, confirm. Without settings (configuration not loaded yet) the common
 * flow is assumed, so the indicator does not jump for most sites.
 */
export function bookingSteps(settings: StepSettings | undefined): BookingStep[] {
  return ALL_STEPS.filter((step) => {
    if (settings?.kiosk && (step === 'membership-login' || step === 'sign-in')) return false;
    if (step === 'membership-login') return settings?.isUseMembershipLogin ?? false;
    if (step === 'sign-in') return !(settings?.isOnlyStartMailConfirm ?? false);
    return true;
  });
}

/**
 * Where a step continues: the next enabled step after `from`, or the completion page after the last.
 * A step missing from the site's flow still continues at the next one that follows it in spec order.
 */
export function nextStepHref(from: BookingStep, steps: readonly BookingStep[]): string {
  const next = ALL_STEPS.slice(ALL_STEPS.indexOf(from) + 1).find((step) => steps.includes(step));
  return next ? STEP_PATHS[next].getHref() : paths.complete.getHref();
}

export function useBookingSteps(): BookingStep[] {
  const isUseMembershipLogin = useCoreStore((state) => state.configuration?.settings.isUseMembershipLogin);
  const isOnlyStartMailConfirm = useCoreStore(
    (state) => state.configuration?.settings.isOnlyStartMailConfirm,
  );
  const kiosk = useIsKiosk();
  return bookingSteps({
    isUseMembershipLogin: isUseMembershipLogin ?? false,
    isOnlyStartMailConfirm: isOnlyStartMailConfirm ?? false,
    kiosk,
  });
}

/** The href of the screen after `from` in this site's flow (navigate there with react-router). */
export function useNextStep(from: BookingStep): string {
  return nextStepHref(from, useBookingSteps());
}
