-- Bonus contract versions and level-difference bonuses (docs/agents/commission.md "Bonus contracts").
-- A contract change appends a version (same transaction as the change); a period is computed with the
-- version in force at its end (latest with valid_from < period end), so raising a contract after a
-- period ended never changes that period. What was in force before this migration is not known: each
-- existing contract gets one version with its current terms from its creation (the behaviour so far).
CREATE TABLE "agent_bonus_contract_versions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"contract_id" bigint NOT NULL REFERENCES "agent_bonus_contracts" ("id"),
	"frequency" text NOT NULL CHECK ("frequency" IN ('MONTHLY', 'SEMI_MONTHLY', 'DAILY')),
	"tiers" jsonb NOT NULL,
	"set_by_customer_id" bigint REFERENCES "customers" ("id"),
	"set_by_operator" text,
	"valid_from" timestamp with time zone NOT NULL DEFAULT now()
);--> statement-breakpoint
CREATE INDEX "agent_bonus_contract_versions_contract_idx" ON "agent_bonus_contract_versions" ("contract_id", "valid_from" DESC, "id" DESC);--> statement-breakpoint
INSERT INTO "agent_bonus_contract_versions" ("contract_id", "frequency", "tiers", "set_by_customer_id", "set_by_operator", "valid_from")
SELECT "id", "frequency", "tiers", "set_by_customer_id", "set_by_operator", "created_at" FROM "agent_bonus_contracts";--> statement-breakpoint
-- A result's amount is its level difference: gross (rate × the team's figure) minus the gross of the
-- holder's direct members' contracts of the same kind and frequency, floored at 0. Results computed
-- before this migration had no deduction: their gross is null and reads as their amount (no rewrite
-- of the table), and they name no version.
ALTER TABLE "agent_bonus_results"
	ADD COLUMN "contract_version_id" bigint REFERENCES "agent_bonus_contract_versions" ("id"),
	ADD COLUMN "gross_amount" bigint,
	ADD COLUMN "member_deduction" bigint NOT NULL DEFAULT 0;
