-- Finance (issue 17). The main wallet's statement reads a player's entries of a date range, newest
-- first (src/server/wallet/statements/transactions.ts): the (account_id, id) index would also read
-- every entry newer than the range and fetch each row to learn its time.
CREATE INDEX "ledger_entries_account_created_idx" ON "ledger_entries" ("account_id", "created_at", "id");
--> statement-breakpoint
-- The daily cash report (src/server/backoffice/finance/reports-cash.ts) reads the money-in-and-out
-- transfers of a date range. Partial: bets and prizes, nearly every transfer, are not in it (and do
-- not pay for it when they are written). Keep the list equal to CASH_TRANSFER_TYPES there.
CREATE INDEX "ledger_transfers_cash_created_idx" ON "ledger_transfers" ("created_at")
  WHERE "type" IN ('DEP', 'WPEND', 'WIT', 'WFAIL', 'MI', 'MU', 'MD');
