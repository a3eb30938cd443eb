-- Reconciliation reads a processor's records since its last look (Stripe's balance transactions are
-- listed, 100 a call): the sums of those older than a day, which never change, are kept here. Grants
-- come from migration 0028's default privileges (decision 013).
CREATE TABLE "processor_balance_checkpoints" (
	"processor" text PRIMARY KEY NOT NULL,
	"settled_before" timestamp with time zone NOT NULL,
	"collected_cents" bigint NOT NULL,
	"refunded_cents" bigint NOT NULL,
	"paid_out_cents" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
