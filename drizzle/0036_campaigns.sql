-- Issue 22 item 1 (docs/campaigns/campaigns.md): operator-defined campaigns, the customers' claims and
-- the operator-granted eligibility lists of MANUAL / PROMOTION campaigns. A claim is unique per
-- (campaign, customer, period key): two claims for the same period cannot both be written, whatever
-- the application does. `committed` is what the campaign has paid or reserved for pending claims; it
-- never passes `budget` (checked in the one UPDATE that reserves, and by the constraint below).
CREATE TABLE "campaigns" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"title" text NOT NULL CHECK (length("title") BETWEEN 1 AND 60),
	"subtype" text NOT NULL CHECK ("subtype" IN ('REGISTER', 'FIRST_DEPOSIT', 'DEPOSIT_AGAIN', 'RANGED_DEPOSIT', 'DAILY_DEPOSIT',
	  'WEEKLY_DEPOSIT', 'EVERY_DEPOSIT', 'DAILY_BET', 'WEEKLY_BET', 'MONTHLY_BET', 'LIMITED_BET', 'FIRST_LOSS_COMPENSATION',
	  'LOGIN', 'MISSION', 'MANUAL', 'PROMOTION')),
	"display_tab" text NOT NULL,
	"tag" text NOT NULL DEFAULT 'NONE' CHECK ("tag" IN ('HOT', 'NEW', 'NONE')),
	"festival" text CHECK ("festival" IN ('LUNAR_NEW_YEAR', 'DRAGON_BOAT', 'MID_AUTUMN')),
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	-- DRAFT: invisible; SCHEDULED: published (not started / running / over by time); PAUSED; ENDED by an operator.
	"status" text NOT NULL DEFAULT 'DRAFT' CHECK ("status" IN ('DRAFT', 'SCHEDULED', 'PAUSED', 'ENDED')),
	-- Sanitised on the server (src/server/content/sanitize.ts) before it is stored.
	"description_html" text NOT NULL,
	"banner_color" text,
	"banner_image_url" text,
	-- The subtype's rule parameters (src/shared/campaigns/rules.ts), validated before storing.
	"rules" jsonb NOT NULL,
	-- { kind: FIXED, amount } | { kind: PERCENT, rateBp, cap } (amounts in 0.0001 元).
	"reward" jsonb NOT NULL,
	-- 打码倍数 in basis points (10000 = ×1).
	"stake_multiple_bp" integer NOT NULL DEFAULT 10000 CHECK ("stake_multiple_bp" BETWEEN 0 AND 1000000),
	"needs_approval" boolean NOT NULL DEFAULT false,
	"budget" bigint CHECK ("budget" > 0),
	"committed" bigint NOT NULL DEFAULT 0 CHECK ("committed" >= 0),
	"sort_order" integer NOT NULL DEFAULT 0,
	"created_by" bigint,
	"created_at" timestamp with time zone NOT NULL DEFAULT now(),
	"updated_at" timestamp with time zone NOT NULL DEFAULT now(),
	CHECK ("ends_at" > "starts_at"),
	CHECK ("budget" IS NULL OR "committed" <= "budget")
);--> statement-breakpoint
CREATE INDEX "campaigns_visible_idx" ON "campaigns" ("ends_at") WHERE "status" <> 'DRAFT';--> statement-breakpoint
CREATE TABLE "campaign_claims" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"campaign_id" bigint NOT NULL REFERENCES "campaigns" ("id"),
	"customer_id" bigint NOT NULL REFERENCES "customers" ("id"),
	-- 'once', a Beijing day / ISO week / month, or 'deposit:<id>' (EVERY_DEPOSIT).
	"period_key" text NOT NULL,
	-- What qualified (a deposit reference, the turnover of the period, …) and its amount.
	"qualifying_ref" text,
	"qualifying_amount" bigint NOT NULL DEFAULT 0,
	"amount" bigint NOT NULL CHECK ("amount" > 0),
	"required_stake" bigint NOT NULL CHECK ("required_stake" >= 0),
	"status" text NOT NULL CHECK ("status" IN ('PAID', 'WAITING_FOR_APPROVAL', 'REJECTED')),
	"transfer_id" bigint UNIQUE REFERENCES "ledger_transfers" ("id"),
	-- The four-eyes request filed for a large claim (operator_approvals), while it waits.
	"approval_id" bigint,
	"decided_by" bigint,
	"reject_reason" text,
	"created_at" timestamp with time zone NOT NULL DEFAULT now(),
	"decided_at" timestamp with time zone,
	UNIQUE ("campaign_id", "customer_id", "period_key"),
	CHECK (("status" = 'PAID') = ("transfer_id" IS NOT NULL))
);--> statement-breakpoint
CREATE INDEX "campaign_claims_customer_idx" ON "campaign_claims" ("customer_id", "id" DESC);--> statement-breakpoint
CREATE INDEX "campaign_claims_waiting_idx" ON "campaign_claims" ("id") WHERE "status" = 'WAITING_FOR_APPROVAL';--> statement-breakpoint
-- A claim is never deleted; only its status moves (WAITING_FOR_APPROVAL → PAID or REJECTED).
CREATE FUNCTION campaign_claims_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' THEN RAISE EXCEPTION 'campaign_claims rows are never deleted'; END IF;
	IF OLD.status <> 'WAITING_FOR_APPROVAL' AND NEW.status IS DISTINCT FROM OLD.status THEN
		RAISE EXCEPTION 'campaign claim % is already %', OLD.id, OLD.status;
	END IF;
	IF NEW.amount <> OLD.amount OR NEW.customer_id <> OLD.customer_id OR NEW.campaign_id <> OLD.campaign_id THEN
		RAISE EXCEPTION 'campaign claim % cannot be rewritten', OLD.id;
	END IF;
	RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER campaign_claims_no_rewrite BEFORE UPDATE OR DELETE ON campaign_claims
	FOR EACH ROW EXECUTE FUNCTION campaign_claims_guard();--> statement-breakpoint
-- MANUAL / PROMOTION: who may claim, optionally with an amount of their own (else the campaign's reward).
CREATE TABLE "campaign_grants" (
	"campaign_id" bigint NOT NULL REFERENCES "campaigns" ("id"),
	"customer_id" bigint NOT NULL REFERENCES "customers" ("id"),
	"amount" bigint CHECK ("amount" > 0),
	"granted_by" bigint,
	"created_at" timestamp with time zone NOT NULL DEFAULT now(),
	PRIMARY KEY ("campaign_id", "customer_id")
);
