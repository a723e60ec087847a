-- Issue 19, team part (docs/agents/team.md): an agent's transfers to its direct members (团队转账, TT).
-- The ledger transfer is the money; this row is the request as both sides see it, one per client key.
CREATE TABLE "agent_transfers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	-- TT + Beijing date + number: shown to both sides.
	"reference" text NOT NULL UNIQUE,
	"agent_id" bigint NOT NULL REFERENCES "customers" ("id"),
	"member_id" bigint NOT NULL REFERENCES "customers" ("id"),
	"amount" bigint NOT NULL CHECK ("amount" > 0),
	-- The client's request key: a retried request never transfers twice.
	"client_key" uuid NOT NULL,
	"transfer_id" bigint NOT NULL REFERENCES "ledger_transfers" ("id"),
	"created_at" timestamp with time zone NOT NULL DEFAULT now(),
	CHECK ("agent_id" <> "member_id"),
	UNIQUE ("agent_id", "client_key")
);--> statement-breakpoint
CREATE INDEX "agent_transfers_agent_idx" ON "agent_transfers" ("agent_id", "created_at" DESC);--> statement-breakpoint
CREATE INDEX "agent_transfers_member_idx" ON "agent_transfers" ("member_id", "created_at" DESC);
