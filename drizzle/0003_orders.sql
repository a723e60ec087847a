CREATE TABLE "instant_seeds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" bigint NOT NULL,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"client_seed" text NOT NULL,
	"next_nonce" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revealed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "jackpot_contributions" (
	"order_id" bigint PRIMARY KEY NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_bets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"seq" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"selection" jsonb NOT NULL,
	"mode" text,
	"multiplier" integer,
	"prize_group" integer,
	"bet_count" integer NOT NULL,
	"stake" bigint NOT NULL,
	"payout" bigint DEFAULT 0 NOT NULL,
	"rebate" bigint DEFAULT 0 NOT NULL,
	"outcome" text,
	"detail" jsonb
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" bigint NOT NULL,
	"client_key" text NOT NULL,
	"draw_type" text NOT NULL,
	"play_mode" text NOT NULL,
	"issue_id" bigint,
	"issue_number" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"bet_count" integer NOT NULL,
	"total_stake" bigint NOT NULL,
	"payout" bigint DEFAULT 0 NOT NULL,
	"rebate" bigint DEFAULT 0 NOT NULL,
	"prize_group" integer NOT NULL,
	"is_autobet" boolean DEFAULT false NOT NULL,
	"autobet_id" bigint,
	"result" integer[],
	"instant_seed_id" bigint,
	"instant_nonce" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "instant_seeds" ADD CONSTRAINT "instant_seeds_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jackpot_contributions" ADD CONSTRAINT "jackpot_contributions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_bets" ADD CONSTRAINT "order_bets_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_issue_id_draw_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."draw_issues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "instant_seeds_active_idx" ON "instant_seeds" USING btree ("customer_id") WHERE "instant_seeds"."active";--> statement-breakpoint
CREATE UNIQUE INDEX "order_bets_order_seq_idx" ON "order_bets" USING btree ("order_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_client_key_idx" ON "orders" USING btree ("customer_id","client_key");--> statement-breakpoint
CREATE INDEX "orders_issue_status_idx" ON "orders" USING btree ("issue_id","status");--> statement-breakpoint
CREATE INDEX "orders_customer_created_idx" ON "orders" USING btree ("customer_id","created_at");