-- The payments' background work moves onto the job queue (decision 019): every refund waiting to be
-- sent, balance waiting to be charged to its saved card, and payout whose transfer has not gone
-- through gets the job that does it, as new ones get it when they are written.
INSERT INTO jobs (id, kind, key, run_at, payload)
  SELECT gen_random_uuid()::text, 'payments.sendRefund', 'refund:' || id, '-infinity'::timestamptz,
    jsonb_build_object('refundId', id)
  FROM refunds WHERE status = 'pending'
  ON CONFLICT (key) WHERE status = 'pending' DO NOTHING;--> statement-breakpoint
INSERT INTO jobs (id, kind, key, run_at, payload)
  SELECT gen_random_uuid()::text, 'payments.chargeSavedCard', 'payment:' || id || ':charge',
    '-infinity'::timestamptz, jsonb_build_object('paymentId', id)
  FROM payments
  WHERE off_session AND provider_ref IS NULL AND status = 'requires_payment'
  ON CONFLICT (key) WHERE status = 'pending' DO NOTHING;--> statement-breakpoint
INSERT INTO jobs (id, kind, key, run_at, payload)
  SELECT gen_random_uuid()::text, 'payments.sendPayout', 'payout:' || id || ':send', '-infinity'::timestamptz,
    jsonb_build_object('payoutId', id)
  FROM payouts WHERE status = 'pending'
  ON CONFLICT (key) WHERE status = 'pending' DO NOTHING;
