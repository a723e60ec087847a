-- Third-party bet records in the agent reports (docs/agents/reports.md): the roll-up reads a day's
-- settled records by when the platform learned they were settled (settled_seen_at, stamped by our own
-- transaction, so the roll-up's lag covers records committed late, as for ledger entries).
CREATE INDEX "provider_bet_records_settled_seen_idx" ON "provider_bet_records" ("settled_seen_at") WHERE "status" = 'SETTLED';
