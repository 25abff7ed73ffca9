import { describe, expect, it } from 'vitest';
import { checkoutBodySchema } from '@kippu/contract/endpoints/checkout';
import { checkoutBody, effectivePayment, savedPaymentChoice } from './payment-choice.ts';

const card = { method: 'gmo', token: 'tok_1', maskedCardNo: '************4242' } as const;

describe('savedPaymentChoice', () => {
  it('reads the payment page the payment step saved', () => {
    expect(savedPaymentChoice({ ...card })).toEqual(card);
    expect(savedPaymentChoice({ method: 'free', token: '' })).toEqual({ method: 'free' });
  });
  it('ignores nothing saved and unknown methods', () => {
    expect(savedPaymentChoice(null)).toBeNull();
    expect(savedPaymentChoice({ method: 'cash' })).toBeNull();
    expect(savedPaymentChoice({ method: 'on_account' })).toBeNull();
  });
});

describe('effectivePayment', () => {
  it('pays nothing when the total is 0, whatever was chosen', () => {
    expect(effectivePayment(0, card)).toEqual({ method: 'free' });
    expect(effectivePayment(0, null)).toEqual({ method: 'free' });
  });
  it('keeps a paying method for a total above 0, and asks again for free', () => {
    expect(effectivePayment(3800, card)).toBe(card);
    expect(effectivePayment(3800, { method: 'free' })).toBeNull();
    expect(effectivePayment(3800, null)).toBeNull();
  });
});

describe('checkoutBody', () => {
  it('sends the method, token and masked card as the contract names them', () => {
    expect(checkoutBodySchema.parse(checkoutBody(card))).toEqual({
      payment_method_type: 'gmo',
      token: 'tok_1',
      masked_card_number: '************4242',
    });
    expect(checkoutBody({ method: 'free' })).toEqual({ payment_method_type: 'free' });
  });
});
