-- Settlement by exception (issue 23, docs/scaling/settlement.md). Settling an issue writes only the
-- orders that are not a plain loss (a win, a push, a rebate changed by the engine); a plain loser keeps
-- its row as placed (status PENDING) and is LOST because its issue is SETTLED. `order_outcomes` is the
-- one place that says so: every reader of an order's status, settlement time, rebate or result reads it.
-- An issue's money is paid as one WIN and one REB transfer per player (keys `win:<issue>:<customer>`
-- and `reb:<issue>:<customer>`), with the per-order and per-bet detail in `issue_credits`.
CREATE VIEW "order_outcomes" AS
SELECT o.id, o.customer_id, o.client_key, o.draw_type, o.play_mode, o.issue_id, o.issue_number,
       CASE WHEN i.state = 'SETTLED' THEN 'LOST' ELSE o.status END AS status,
       o.bet_count, o.total_stake, o.payout,
       CASE WHEN i.state = 'SETTLED'
            THEN (SELECT coalesce(sum(b.rebate), 0)::bigint FROM order_bets b WHERE b.order_id = o.id)
            ELSE o.rebate END AS rebate,
       o.prize_group, o.is_autobet, o.autobet_id,
       CASE WHEN i.state = 'SETTLED' THEN i.result ELSE o.result END AS result,
       o.instant_seed_id, o.instant_nonce, o.created_at,
       CASE WHEN i.state = 'SETTLED' THEN i.settled_at ELSE o.settled_at END AS settled_at,
       o.cancelled_at, o.commission_run_id,
       -- What the row itself holds (PENDING for a plain loser): for writers that guard on it.
       o.status AS stored_status
  FROM orders o
  -- Only a still-pending row needs its issue: a row written by settlement (or a cancellation) is final.
  LEFT JOIN draw_issues i ON o.status = 'PENDING' AND i.id = o.issue_id;
--> statement-breakpoint
CREATE TABLE "issue_credits" (
	"issue_id" bigint NOT NULL REFERENCES "draw_issues"("id"),
	"customer_id" bigint NOT NULL REFERENCES "customers"("id"),
	"type" text NOT NULL CHECK ("type" IN ('WIN', 'REB')),
	"transfer_id" bigint NOT NULL REFERENCES "ledger_transfers"("id"),
	"amount" bigint NOT NULL CHECK ("amount" > 0),
	-- The audit trail of the transfer, summing exactly to "amount": WIN [[order_id, payout], …],
	-- REB [[order_id, bet_id, rebate], …].
	"detail" jsonb NOT NULL,
	PRIMARY KEY ("issue_id", "customer_id", "type")
);
--> statement-breakpoint
-- Readers that look for settled orders by settlement time find the plain losers through their issue.
CREATE INDEX IF NOT EXISTS "draw_issues_settled_at_idx" ON "draw_issues" ("settled_at") WHERE "state" = 'SETTLED';
