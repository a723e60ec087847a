-- Jackpot pool (issue 22 item 3, docs/campaigns/jackpot.md). Settlement records each order's share in
-- jackpot_contributions (a promise); a sweep moves the unswept sum from the house into the ledger
-- account jackpot:pool with one transfer, and marks the rows it took with its id. Draws are rounds
-- with a committed seed; a round moves OPEN → DRAWN (or CLOSED: nobody qualified / super not reached)
-- once, in the transaction that pays its JP transfer.
CREATE TABLE "jackpot_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 CHECK ("id" = 1),
	"contribution_bp" integer DEFAULT 100 NOT NULL CHECK ("contribution_bp" BETWEEN 0 AND 1000),
	"lucky_interval_minutes" integer DEFAULT 10 NOT NULL CHECK ("lucky_interval_minutes" BETWEEN 1 AND 1440),
	"lucky_share_bp" integer DEFAULT 100 NOT NULL CHECK ("lucky_share_bp" BETWEEN 1 AND 5000),
	"lucky_cap" bigint DEFAULT 5000000 NOT NULL CHECK ("lucky_cap" > 0),
	"min_stake" bigint DEFAULT 20000 NOT NULL CHECK ("min_stake" > 0),
	"super_threshold" bigint DEFAULT 1000000000 NOT NULL CHECK ("super_threshold" > 0),
	"super_share_bp" integer DEFAULT 5000 NOT NULL CHECK ("super_share_bp" BETWEEN 1 AND 10000),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
INSERT INTO "jackpot_settings" ("id") VALUES (1);
--> statement-breakpoint
CREATE TABLE "jackpot_sweeps" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"amount" bigint NOT NULL CHECK ("amount" >= 0),
	"contributions" integer NOT NULL,
	"transfer_id" bigint REFERENCES "ledger_transfers" ("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "jackpot_contributions" ADD COLUMN "sweep_id" bigint REFERENCES "jackpot_sweeps" ("id");
--> statement-breakpoint
CREATE INDEX "jackpot_contributions_unswept_idx" ON "jackpot_contributions" ("order_id") WHERE "sweep_id" IS NULL;
--> statement-breakpoint
CREATE INDEX "jackpot_contributions_created_idx" ON "jackpot_contributions" ("created_at");
--> statement-breakpoint
CREATE TABLE "jackpot_rounds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL CHECK ("kind" IN ('LUCKY', 'SUPER')),
	"window_start" timestamp with time zone NOT NULL,
	"window_end" timestamp with time zone NOT NULL CHECK ("window_end" > "window_start"),
	"seed" text NOT NULL,
	"commitment" text NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL CHECK ("status" IN ('OPEN', 'DRAWN', 'CLOSED')),
	"min_stake" bigint,
	"entries" jsonb,
	"list_hash" text,
	"winner_index" integer,
	"winner_order_id" bigint REFERENCES "orders" ("id"),
	"winner_customer_id" bigint REFERENCES "customers" ("id"),
	"winner_masked" text,
	"prize" bigint DEFAULT 0 NOT NULL CHECK ("prize" >= 0),
	"transfer_id" bigint REFERENCES "ledger_transfers" ("id"),
	"close_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"drawn_at" timestamp with time zone,
	UNIQUE ("kind", "window_start")
);
--> statement-breakpoint
CREATE INDEX "jackpot_rounds_open_idx" ON "jackpot_rounds" ("window_end") WHERE "status" = 'OPEN';
--> statement-breakpoint
CREATE INDEX "jackpot_rounds_winner_idx" ON "jackpot_rounds" ("winner_customer_id") WHERE "winner_customer_id" IS NOT NULL;
--> statement-breakpoint
-- A decided round is a published record: it never changes again, and no round is ever deleted.
CREATE FUNCTION jackpot_rounds_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN RAISE EXCEPTION 'jackpot rounds are never deleted'; END IF;
  IF OLD.status <> 'OPEN' THEN RAISE EXCEPTION 'a decided jackpot round is final'; END IF;
  IF NEW.seed <> OLD.seed OR NEW.commitment <> OLD.commitment OR NEW.window_start <> OLD.window_start
     OR NEW.window_end <> OLD.window_end OR NEW.kind <> OLD.kind THEN
    RAISE EXCEPTION 'a jackpot round''s commitment is fixed';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER jackpot_rounds_final BEFORE UPDATE OR DELETE ON "jackpot_rounds"
  FOR EACH ROW EXECUTE FUNCTION jackpot_rounds_guard();
