-- Customers in the back office (issue 16, docs/backoffice/customers.md): freezing, a password change an
-- operator forces, the login history, and the indexes of the operators' customer search.
ALTER TABLE "customers" ADD COLUMN "frozen_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "frozen_reason" text;
--> statement-breakpoint
-- Set with first_login: the next login must choose a new password (the by-manual first-login step).
ALTER TABLE "customers" ADD COLUMN "password_change_required" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE TABLE "customer_logins" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" bigint NOT NULL REFERENCES "customers" ("id"),
	"outcome" text NOT NULL,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_logins_outcome" CHECK ("outcome" IN ('SUCCESS', 'BAD_PASSWORD', 'FROZEN'))
);
--> statement-breakpoint
CREATE INDEX "customer_logins_customer_idx" ON "customer_logins" ("customer_id", "id");
--> statement-breakpoint
-- Search: a username or phone prefix (LIKE 'x%' needs the pattern operator class), a registration link.
CREATE INDEX "customers_username_prefix_idx" ON "customers" ("username_key" text_pattern_ops);
--> statement-breakpoint
CREATE INDEX "customers_phone_prefix_idx" ON "customers" ("phone" text_pattern_ops) WHERE "phone" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "customers_registration_link_idx" ON "customers" ("registration_link_id") WHERE "registration_link_id" IS NOT NULL;
