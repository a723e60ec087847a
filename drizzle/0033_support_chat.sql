-- 客服 chat (issue 21 item 2, docs/messages/customer-service.md). A customer has at most one open
-- conversation (WAITING or ACTIVE); writing after CLOSED opens a new one. Messages are append-only and
-- their bigserial id is the /sse/im event id: every insert for one customer holds that customer's
-- advisory lock (support-chat/messages.ts), so ids become visible in id order per customer and a
-- stream that remembers the last id it saw never skips one.
CREATE TABLE "support_conversations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" bigint NOT NULL REFERENCES "customers"("id"),
	"status" text NOT NULL DEFAULT 'WAITING' CHECK ("status" IN ('WAITING', 'ACTIVE', 'CLOSED')),
	"operator_id" integer REFERENCES "operators"("id"),
	"source" smallint CHECK ("source" BETWEEN 1 AND 3),
	"route" text CHECK (char_length("route") <= 200),
	"customer_read_id" bigint NOT NULL DEFAULT 0,
	"operator_read_id" bigint NOT NULL DEFAULT 0,
	"customer_typing_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_conversations_active_has_operator" CHECK ("status" <> 'ACTIVE' OR "operator_id" IS NOT NULL),
	CONSTRAINT "support_conversations_closed_at" CHECK (("status" = 'CLOSED') = ("closed_at" IS NOT NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "support_conversations_one_open" ON "support_conversations" ("customer_id") WHERE "status" <> 'CLOSED';--> statement-breakpoint
CREATE INDEX "support_conversations_queue_idx" ON "support_conversations" ("status", "last_message_at");--> statement-breakpoint
CREATE INDEX "support_conversations_operator_idx" ON "support_conversations" ("operator_id", "status");--> statement-breakpoint
CREATE TABLE "support_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"conversation_id" bigint NOT NULL REFERENCES "support_conversations"("id"),
	"customer_id" bigint NOT NULL REFERENCES "customers"("id"),
	"sender" text NOT NULL CHECK ("sender" IN ('CUSTOMER', 'OPERATOR', 'SYSTEM')),
	"operator_id" integer REFERENCES "operators"("id"),
	"kind" text NOT NULL CHECK ("kind" IN ('TEXT', 'IMAGE')),
	"body" text CHECK (char_length("body") BETWEEN 1 AND 1000),
	"image_type" text CHECK ("image_type" IN ('image/png', 'image/jpeg', 'image/webp')),
	"image_data" bytea CHECK (octet_length("image_data") BETWEEN 1 AND 2097152),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_messages_shape" CHECK (
		("kind" = 'TEXT' AND "body" IS NOT NULL AND "image_data" IS NULL AND "image_type" IS NULL)
		OR ("kind" = 'IMAGE' AND "body" IS NULL AND "image_data" IS NOT NULL AND "image_type" IS NOT NULL)),
	CONSTRAINT "support_messages_operator" CHECK (("sender" = 'OPERATOR') = ("operator_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE INDEX "support_messages_customer_idx" ON "support_messages" ("customer_id", "id");--> statement-breakpoint
CREATE INDEX "support_messages_conversation_idx" ON "support_messages" ("conversation_id", "id");--> statement-breakpoint
CREATE INDEX "support_messages_rate_idx" ON "support_messages" ("customer_id", "created_at") WHERE "sender" = 'CUSTOMER';--> statement-breakpoint
CREATE FUNCTION "support_messages_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'support_messages is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "support_messages_append_only" BEFORE UPDATE OR DELETE ON "support_messages"
	FOR EACH ROW EXECUTE FUNCTION "support_messages_append_only"();
