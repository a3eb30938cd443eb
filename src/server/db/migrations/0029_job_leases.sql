ALTER TABLE "jobs" ADD COLUMN "locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "locked_by" text;--> statement-breakpoint
CREATE INDEX "jobs_failed_idx" ON "jobs" USING btree ("updated_at") WHERE "jobs"."status" = 'failed';--> statement-breakpoint
-- Every e-mail waiting to be sent has a pending job that sends it (decision 019), whichever statement
-- queued it: a notification's insert, an account e-mail, an admin's retry, a failure put back in the
-- queue. Its run_at is the e-mail's next attempt, or at once ('-infinity': due on any clock).
CREATE FUNCTION email_outbox_send_job() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO jobs (id, kind, key, run_at, payload)
  VALUES (gen_random_uuid()::text, 'mail.send', 'mail:' || NEW.id,
    coalesce(NEW.next_attempt_at, '-infinity'::timestamptz), jsonb_build_object('emailId', NEW.id))
  ON CONFLICT (key) WHERE status = 'pending' DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER email_outbox_send_job AFTER INSERT OR UPDATE OF status ON email_outbox
  FOR EACH ROW WHEN (NEW.status = 'queued') EXECUTE FUNCTION email_outbox_send_job();--> statement-breakpoint
INSERT INTO jobs (id, kind, key, run_at, payload)
  SELECT gen_random_uuid()::text, 'mail.send', 'mail:' || id, coalesce(next_attempt_at, '-infinity'::timestamptz),
    jsonb_build_object('emailId', id)
  FROM email_outbox WHERE status IN ('queued', 'sending')
  ON CONFLICT (key) WHERE status = 'pending' DO NOTHING;
