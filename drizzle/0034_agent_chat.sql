-- Agent ↔ member chat (issue 21 item 3, docs/messages/agent-chat.md). A conversation is the pair
-- (agent_id, member_id) where the agent is an upline of the member in customer_tree; both sides write
-- into it. A bulk send is one agent_chat_bulk_sends row plus one message per recipient conversation,
-- so a member reads, answers and marks it read like any other message.
CREATE TABLE "agent_chat_bulk_sends" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"agent_id" bigint NOT NULL REFERENCES "customers"("id"),
	"recipients" text NOT NULL CHECK ("recipients" IN ('ALL', 'ALL_DIRECT_MEMBER', 'ALL_INDIRECT_MEMBER')),
	"content" text NOT NULL CHECK (char_length("content") BETWEEN 1 AND 500),
	"recipient_count" integer NOT NULL CHECK ("recipient_count" >= 0),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "agent_chat_bulk_sends_agent_idx" ON "agent_chat_bulk_sends" ("agent_id", "id" DESC);--> statement-breakpoint
CREATE TABLE "agent_chat_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"agent_id" bigint NOT NULL REFERENCES "customers"("id"),
	"member_id" bigint NOT NULL REFERENCES "customers"("id"),
	"sender_id" bigint NOT NULL REFERENCES "customers"("id"),
	"recipient_id" bigint NOT NULL REFERENCES "customers"("id"),
	"content" text NOT NULL CHECK (char_length("content") BETWEEN 1 AND 500),
	"bulk_id" bigint REFERENCES "agent_chat_bulk_sends"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "agent_chat_messages_sides" CHECK (
		"agent_id" <> "member_id"
		AND (("sender_id" = "agent_id" AND "recipient_id" = "member_id") OR ("sender_id" = "member_id" AND "recipient_id" = "agent_id"))
	)
);--> statement-breakpoint
CREATE INDEX "agent_chat_messages_conversation_idx" ON "agent_chat_messages" ("agent_id", "member_id", "id" DESC);--> statement-breakpoint
CREATE INDEX "agent_chat_messages_unread_idx" ON "agent_chat_messages" ("recipient_id", "sender_id") WHERE "read_at" IS NULL;--> statement-breakpoint
-- Messages are never edited or removed; only the recipient's read mark is set, once.
CREATE FUNCTION agent_chat_messages_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' THEN
		RAISE EXCEPTION 'agent chat messages are append-only';
	END IF;
	IF (NEW.id, NEW.agent_id, NEW.member_id, NEW.sender_id, NEW.recipient_id, NEW.content, NEW.bulk_id, NEW.created_at)
		IS DISTINCT FROM (OLD.id, OLD.agent_id, OLD.member_id, OLD.sender_id, OLD.recipient_id, OLD.content, OLD.bulk_id, OLD.created_at)
		OR OLD.read_at IS NOT NULL THEN
		RAISE EXCEPTION 'agent chat messages are append-only (only read_at may be set, once)';
	END IF;
	RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER agent_chat_messages_append_only BEFORE UPDATE OR DELETE ON "agent_chat_messages"
	FOR EACH ROW EXECUTE FUNCTION agent_chat_messages_guard();--> statement-breakpoint
-- The agent's own note on a member of its team: 备注 and 状态 (spec §5 chatRemarkAndStatus).
CREATE TABLE "agent_chat_contacts" (
	"agent_id" bigint NOT NULL REFERENCES "customers"("id"),
	"member_id" bigint NOT NULL REFERENCES "customers"("id"),
	"remark" text CHECK (char_length("remark") <= 16),
	"status" text CHECK (char_length("status") <= 16),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("agent_id", "member_id")
);
