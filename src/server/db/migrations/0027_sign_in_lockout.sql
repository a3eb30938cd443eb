CREATE TABLE "sign_in_lockouts" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"lockouts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sign_in_lockouts_counts_check" CHECK ("sign_in_lockouts"."failures" >= 0 AND "sign_in_lockouts"."lockouts" >= 0)
);
