-- The stake given back on pushed bets (和局退还本金) is part of an order's payout but not a win: the
-- payout caps bound winnings only (payout − refund), and what a player has won on an issue is counted
-- the same way. Rows settled before this column hold 0 (their refunds were counted as winnings).
ALTER TABLE "orders" ADD COLUMN "refund" bigint NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refund_within_payout" CHECK ("refund" >= 0 AND "refund" <= "payout");
