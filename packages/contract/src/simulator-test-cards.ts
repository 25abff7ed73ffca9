/**
 * The built-in gateway simulator's test card numbers (README "Payments and the gateway simulator", ADR 017).
 * One table serves the simulator (which behaviour each number triggers), the payment screen's test-mode hint
 * and the tests. Any future expiry, any 3- or 4-digit security code and any holder name work with them.
 */
export const SIMULATOR_TEST_CARDS = {
  visa: '4111111111111111',
  mastercard: '5555555555554444',
  jcb: '3530111333300000',
  decline: '4000000000000002',
  insufficientFunds: '4000000000009995',
  expiredCard: '4000000000000069',
  challenge: '4000000000003220',
  timeout: '4000000000000119',
} as const;
