-- 站内信 (issue 21 item 1, docs/messages/mail.md). One `mails` row per message; one `mail_recipients`
-- row per customer it reached (fan-out by INSERT … SELECT in the sending transaction). A member's mail
-- to the platform has no recipient rows: it lands in the back office's inbox.
CREATE TABLE "mails" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"role" text NOT NULL CHECK ("role" IN ('PLATFORM', 'PARENT', 'MEMBER')),
	"recipient_group" text NOT NULL CHECK ("recipient_group" IN ('ALL_DIRECT_MEMBER', 'ONE_MEMBER', 'DIRECT_PARENT', 'ADMIN', 'SEGMENT')),
	"sender_customer_id" bigint REFERENCES "customers"("id"),
	"sender_operator_id" bigint REFERENCES "operators"("id"),
	"segment" text,
	"subject" text NOT NULL CHECK (char_length("subject") BETWEEN 1 AND 50),
	"html" text NOT NULL CHECK (char_length("html") <= 50000),
	"recipient_count" integer NOT NULL DEFAULT 0 CHECK ("recipient_count" >= 0),
	"sender_deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mails_sender" CHECK (("role" = 'PLATFORM') = ("sender_customer_id" IS NULL))
);
--> statement-breakpoint
CREATE INDEX "mails_sender_idx" ON "mails" ("sender_customer_id", "id" DESC) WHERE "sender_customer_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "mails_platform_idx" ON "mails" ("id" DESC) WHERE "role" = 'PLATFORM';--> statement-breakpoint
CREATE INDEX "mails_admin_inbox_idx" ON "mails" ("id" DESC) WHERE "recipient_group" = 'ADMIN';--> statement-breakpoint
CREATE TABLE "mail_recipients" (
	"mail_id" bigint NOT NULL REFERENCES "mails"("id"),
	"customer_id" bigint NOT NULL REFERENCES "customers"("id"),
	"read_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	PRIMARY KEY ("mail_id", "customer_id")
);
--> statement-breakpoint
CREATE INDEX "mail_recipients_inbox_idx" ON "mail_recipients" ("customer_id", "mail_id" DESC) WHERE "deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "mail_recipients_unread_idx" ON "mail_recipients" ("customer_id") WHERE "read_at" IS NULL AND "deleted_at" IS NULL;--> statement-breakpoint
-- Sending quota: one row per customer, counted in a fixed window by one atomic upsert.
CREATE TABLE "mail_send_quota" (
	"customer_id" bigint PRIMARY KEY NOT NULL REFERENCES "customers"("id"),
	"window_start" timestamp with time zone NOT NULL,
	"sent" integer NOT NULL CHECK ("sent" >= 0)
);
