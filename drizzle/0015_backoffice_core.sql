-- The back office's core (issue 16): operators and their own sessions (password + TOTP), one-time
-- recovery codes, the append-only hash-chained audit log of every operator write, and four-eyes
-- approvals. See docs/backoffice/core.md.
CREATE TABLE "operators" (
  "id" serial PRIMARY KEY,
  "username" text NOT NULL,
  "display_name" text NOT NULL,
  "role" text NOT NULL CHECK ("role" IN ('SUPER_ADMIN', 'FINANCE', 'SUPPORT', 'RISK', 'OPERATIONS', 'DRAW')),
  "password_hash" text NOT NULL,
  -- Base32 TOTP secret; null until the operator enrols (first sign-in, or after a reset).
  "totp_secret" text,
  "enrolled_at" timestamp with time zone,
  -- The newest 30-second step whose code was accepted: no code of it or of an older step is accepted again.
  "totp_last_step" bigint,
  -- A demo operator of the seed: its TOTP secret is public (docs/backoffice/core.md).
  "is_demo" boolean NOT NULL DEFAULT false,
  "disabled_at" timestamp with time zone,
  -- Failed sign-in steps (password or code) in the current window, and the lock they caused.
  "failed_attempts" integer NOT NULL DEFAULT 0,
  "last_failed_at" timestamp with time zone,
  "locked_until" timestamp with time zone,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "last_sign_in_at" timestamp with time zone,
  CHECK (("totp_secret" IS NULL) = ("enrolled_at" IS NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "operators_username_key" ON "operators" (lower("username"));
--> statement-breakpoint
CREATE TABLE "operator_recovery_codes" (
  "id" serial PRIMARY KEY,
  "operator_id" integer NOT NULL REFERENCES "operators"("id"),
  "code_hash" bytea NOT NULL,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "operator_recovery_codes_operator" ON "operator_recovery_codes" ("operator_id");
--> statement-breakpoint
CREATE TABLE "operator_sessions" (
  "id" serial PRIMARY KEY,
  "token_hash" bytea NOT NULL UNIQUE,
  "operator_id" integer NOT NULL REFERENCES "operators"("id"),
  -- SECOND_FACTOR: password right, code pending; ENROLMENT: password right, TOTP to set up; ACTIVE: signed in.
  "stage" text NOT NULL CHECK ("stage" IN ('SECOND_FACTOR', 'ENROLMENT', 'ACTIVE')),
  -- The secret being enrolled in this session (shown as the QR code), until it is confirmed.
  "pending_totp_secret" text,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "last_seen_at" timestamp with time zone NOT NULL DEFAULT now(),
  "revoked_at" timestamp with time zone,
  "ip" text,
  "user_agent" text
);
--> statement-breakpoint
CREATE INDEX "operator_sessions_operator" ON "operator_sessions" ("operator_id", "id" DESC);
--> statement-breakpoint
CREATE TABLE "operator_audit_log" (
  "id" bigserial PRIMARY KEY,
  "at" timestamp with time zone NOT NULL DEFAULT clock_timestamp(),
  -- Null for the command line (npm run operator), which records itself as operator_username 'system'.
  "operator_id" integer REFERENCES "operators"("id"),
  "operator_username" text NOT NULL,
  "operator_role" text NOT NULL,
  "ip" text,
  "action" text NOT NULL,
  "target_type" text NOT NULL,
  "target_id" text,
  "before" jsonb,
  "after" jsonb,
  "reason" text,
  "prev_hash" text NOT NULL,
  "hash" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "operator_audit_log_operator" ON "operator_audit_log" ("operator_id", "id" DESC);
--> statement-breakpoint
CREATE INDEX "operator_audit_log_target" ON "operator_audit_log" ("target_type", "target_id", "id" DESC);
--> statement-breakpoint
CREATE INDEX "operator_audit_log_at" ON "operator_audit_log" ("at");
--> statement-breakpoint
-- The canonical serialisation a row's hash is taken over: every column but the hash, as one JSON array
-- (jsonb text is deterministic), the time as microseconds since the epoch (independent of TimeZone).
CREATE FUNCTION operator_audit_canonical(r operator_audit_log) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_array(
    r.prev_hash, r.id, (extract(epoch FROM r.at) * 1000000)::bigint, r.operator_id, r.operator_username,
    r.operator_role, r.ip, r.action, r.target_type, r.target_id, r.before, r.after, r.reason
  )::text
$$;
--> statement-breakpoint
-- Every insert, whoever makes it, is chained here: one at a time (a transaction-scoped lock held to
-- commit), so the id order is the commit order and each row's prev_hash is the hash of the row
-- committed before it. Read committed only: a snapshot taken earlier would not see that row.
CREATE FUNCTION operator_audit_chain() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  previous text;
BEGIN
  IF current_setting('transaction_isolation') <> 'read committed' THEN
    RAISE EXCEPTION 'operator_audit_log rows are written in read committed transactions only';
  END IF;
  PERFORM pg_advisory_xact_lock(7316016001);
  NEW.id := nextval(pg_get_serial_sequence('operator_audit_log', 'id'));
  NEW.at := clock_timestamp();
  SELECT hash INTO previous FROM operator_audit_log ORDER BY id DESC LIMIT 1;
  NEW.prev_hash := coalesce(previous, repeat('0', 64));
  NEW.hash := encode(sha256(convert_to(operator_audit_canonical(NEW), 'UTF8')), 'hex');
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER operator_audit_log_chain BEFORE INSERT ON operator_audit_log
  FOR EACH ROW EXECUTE FUNCTION operator_audit_chain();
--> statement-breakpoint
CREATE FUNCTION operator_audit_log_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'operator_audit_log is append-only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER operator_audit_log_no_update BEFORE UPDATE OR DELETE ON operator_audit_log
  FOR EACH ROW EXECUTE FUNCTION operator_audit_log_immutable();
--> statement-breakpoint
CREATE TRIGGER operator_audit_log_no_truncate BEFORE TRUNCATE ON operator_audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION operator_audit_log_immutable();
--> statement-breakpoint
CREATE TABLE "operator_approvals" (
  "id" serial PRIMARY KEY,
  "kind" text NOT NULL,
  "payload" jsonb NOT NULL,
  "summary" text NOT NULL,
  "reason" text NOT NULL,
  "status" text NOT NULL DEFAULT 'PENDING' CHECK ("status" IN ('PENDING', 'APPROVED', 'REJECTED')),
  "requested_by" integer NOT NULL REFERENCES "operators"("id"),
  "requested_at" timestamp with time zone NOT NULL DEFAULT now(),
  "decided_by" integer REFERENCES "operators"("id"),
  "decided_at" timestamp with time zone,
  "decision_reason" text,
  "result" jsonb,
  CHECK ("decided_by" IS NULL OR "decided_by" <> "requested_by"),
  CHECK (("status" = 'PENDING') = ("decided_at" IS NULL))
);
--> statement-breakpoint
CREATE INDEX "operator_approvals_status" ON "operator_approvals" ("status", "id" DESC);
--> statement-breakpoint
CREATE INDEX "operator_approvals_kind" ON "operator_approvals" ("kind", "id" DESC);
