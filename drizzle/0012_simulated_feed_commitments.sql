-- Issue 15: the simulated feed's draws are committed and revealed like platform draws
-- (docs/fairness.md, "The simulated feed"). No schema change is needed: their seed chains are rows of
-- seed_chains (random terminal seed, created by the server, never sent), their per-issue commitments
-- draw_issues.commitment, their revealed seeds draw_issues.seed. Which feed issues are committed
-- depends on FEED_ADAPTER, which only the running server knows, so there is no data to rewrite here:
-- the server commits waiting (SCHEDULED) issues when it generates issues, and never draws a seed for
-- an issue that went on sale uncommitted (it is cancelled and refunded at the feed timeout).
SELECT 1;
