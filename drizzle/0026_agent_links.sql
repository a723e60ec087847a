-- Registration links that make players or agents (docs/agents/links.md): the account type and prize
-- group a link gives, and how many registered through it. A link made before this migration (the
-- demo link) has no prize group of its own: it gives LEAST(agent's group, 1950), as it always did.
ALTER TABLE "registration_links" ADD COLUMN "account_type" text DEFAULT 'PLAYER' NOT NULL;--> statement-breakpoint
ALTER TABLE "registration_links" ADD CONSTRAINT "registration_links_account_type_check" CHECK ("account_type" IN ('PLAYER', 'AGENT'));--> statement-breakpoint
ALTER TABLE "registration_links" ADD COLUMN "prize_group" integer;--> statement-breakpoint
ALTER TABLE "registration_links" ADD COLUMN "registration_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "registration_links" ADD CONSTRAINT "registration_links_count_check" CHECK ("registration_count" >= 0);--> statement-breakpoint
ALTER TABLE "registration_links" ADD CONSTRAINT "registration_links_retention_check" CHECK ("retention" IN ('ONE_DAY', 'SEVEN_DAY', 'FIFTEEN_DAY', 'PERMANENT'));--> statement-breakpoint
CREATE INDEX "registration_links_agent_idx" ON "registration_links" ("agent_id", "created_at" DESC, "id" DESC);--> statement-breakpoint
-- The operator's registration domains, offered to agents for their link URLs (back office: 推广域名).
CREATE TABLE "registration_domains" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"domain" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registration_domains_domain_unique" UNIQUE ("domain")
);
