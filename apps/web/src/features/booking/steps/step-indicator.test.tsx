import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { configuration } from '../../../test/site-settings-fixture.ts';
import { bookingSteps, nextStepHref } from './booking-steps.ts';
import { StepIndicator } from './step-indicator.tsx';

describe('bookingSteps', () => {
  it('follows spec §2: membership login only if enabled, sign-in unless mail-confirm-only', () => {
    const off = { isUseMembershipLogin: false, isOnlyStartMailConfirm: false };
    expect(bookingSteps(off)).toEqual(['order', 'sign-in', 'payment', 'confirm']);
    expect(bookingSteps({ ...off, isUseMembershipLogin: true })).toEqual([
      'order',
      'membership-login',
      'sign-in',
      'payment',
      'confirm',
    ]);
    expect(bookingSteps({ ...off, isOnlyStartMailConfirm: true })).toEqual(['order', 'payment', 'confirm']);
    expect(bookingSteps(undefined)).toEqual(['order', 'sign-in', 'payment', 'confirm']);
  });

  it('continues at the next enabled step, and at completion after confirm', () => {
    const common = bookingSteps(undefined);
    expect(nextStepHref('order', common)).toBe('/sign-in');
    expect(nextStepHref('sign-in', common)).toBe('/payment');
    expect(nextStepHref('payment', common)).toBe('/confirm');
    expect(nextStepHref('confirm', common)).toBe('/complete');
    const member = bookingSteps({ isUseMembershipLogin: true, isOnlyStartMailConfirm: false });
    expect(nextStepHref('order', member)).toBe('/membership-login');
    expect(nextStepHref('membership-login', member)).toBe('/sign-in');
    const mailOnly = bookingSteps({ isUseMembershipLogin: false, isOnlyStartMailConfirm: true });
    expect(nextStepHref('order', mailOnly)).toBe('/payment');
    // A step the site skips still leads on to the one after it.
    expect(nextStepHref('sign-in', mailOnly)).toBe('/payment');
  });
});

describe('StepIndicator', () => {
  it('lists the steps in order with the current one marked and the earlier ones done', async () => {
    useCoreStore.setState({ configuration: configuration({ isUseMembershipLogin: true }) });
    await renderWithProviders(<StepIndicator current="sign-in" />);
    const list = screen.getByRole('list', { name: 'Booking steps' });
    expect(list.tagName).toBe('OL');
    const items = within(list).getAllByRole('listitem');
    // Done steps show a tick instead of their number and are announced as done.
    expect(items.map((item) => item.textContent)).toEqual([
      'Tickets (done)',
      'Member login (done)',
      '3Your details',
      '4Payment',
      '5Confirm',
    ]);
    expect(items.map((item) => item.getAttribute('aria-current'))).toEqual([null, null, 'step', null, null]);
    expect(screen.getByText('Step 3 of 5')).toBeTruthy();
  });

  it('translates the labels and leaves sign-in out in mail-confirm-only mode', async () => {
    useCoreStore.setState({ configuration: configuration({ isOnlyStartMailConfirm: true }) });
    await renderWithProviders(<StepIndicator current="order" />, 'ja');
    const list = screen.getByRole('list', { name: 'ご購入の流れ' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['1チケット選択', '2お支払い', '3確認']);
    expect(items[0]!.getAttribute('aria-current')).toBe('step');
    expect(screen.getByText('ステップ 1/3')).toBeTruthy();
  });
});
