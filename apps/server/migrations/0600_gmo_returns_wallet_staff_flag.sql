-- Payments issue, GMO family and the shared pieces (ADR 026).

-- An order whose money is taken but could not be turned into a reservation nor given back (a failed
-- refund of a late payment): staff must act. Set once, with the reason; cleared by staff by hand.
ALTER TABLE orders ADD COLUMN staff_attention_reason text,
                   ADD COLUMN staff_attention_at timestamptz;
CREATE INDEX orders_staff_attention_idx ON orders (staff_attention_at) WHERE staff_attention_at IS NOT NULL;

-- The reconciliation worker looks for attempts left in flight past a time limit.
CREATE INDEX payments_in_flight_idx ON payments (updated_at) WHERE status IN ('created', 'pending');

-- The GMO simulator's 3-D Secure 2: where the challenge returns the browser (ExecTran's RetUrl) and the
-- card holder's answer on the challenge page (passed / failed), until SecureTran2 completes the trade.
ALTER TABLE gateway_sim_transactions ADD COLUMN ret_url text,
                                     ADD COLUMN tds_result text CHECK (tds_result IN ('passed', 'failed'));

-- The simulator's GMO wallet payments (PayPay, Alipay: EntryTran<Wallet>/ExecTran<Wallet>, a cashier page
-- with approve, decline and cancel, the result posted to RetURL and notified, SearchTradeMulti): the same
-- trade table with the payment type and the one-time start token the browser carries to the cashier.
ALTER TABLE gateway_sim_transactions ADD COLUMN pay_type text NOT NULL DEFAULT 'card'
                                       CHECK (pay_type IN ('card', 'paypay', 'alipay')),
                                     ADD COLUMN start_token text;
