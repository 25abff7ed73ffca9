import { afterEach, describe, expect, it, vi } from 'vitest';
import { temporaryOrder } from '../checkout-page/test-doubles.ts';
import { fakeApi } from '../../../test/fake-api.ts';
import { siteKey } from '../../../shared/storage/site-storage.ts';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { finishPurchase } from '../../../shared/purchase/finish-purchase.ts';

afterEach(() => vi.unstubAllGlobals());

const RESERVATION = { token: 'reservation-token-1', number: 'K7QX2M9P' };
const stored = () =>
  (JSON.parse(sessionStorage.getItem(siteKey('core')) ?? '{}') as { state?: Record<string, unknown> }).state;

describe('finishing a purchase keeps the membership promotion with the completion data (spec §3)', () => {
  it("stores the order's member price, in session storage with the completion data", () => {
    fakeApi({});
    const promotion = { name: 'Friends', membership_discount: 1200 };
    finishPurchase(temporaryOrder({ price: 6400, membership_promotion: promotion }), RESERVATION);
    expect(useCoreStore.getState().membershipPromotion).toEqual(promotion);
    expect(stored()?.membershipPromotion).toEqual(promotion);
    expect(stored()?.completeData).toMatchObject({ reservationNumber: 'K7QX2M9P', discount: 1200 });
  });

  it('a later purchase without one clears it, so it is never shown for the wrong order', () => {
    fakeApi({});
    useCoreStore.setState({ membershipPromotion: { name: 'Friends', membership_discount: 1200 } });
    finishPurchase(temporaryOrder(), RESERVATION);
    expect(useCoreStore.getState().membershipPromotion).toBeNull();
    expect(stored()?.membershipPromotion).toBeNull();
  });
});
