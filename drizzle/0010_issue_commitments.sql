-- Per-issue commitments of platform draws become SHA-256(seed ‖ 期号) (docs/fairness.md). The old
-- value, SHA-256(seed_k), is the chain's previous link, i.e. the seed of issue k−1: stored for issues
-- not drawn yet, it gave away the seed of the issue on sale. Every platform commitment is recomputed:
-- issues not drawn yet (and cancelled ones) from their day's seed chain, walked down from the secret
-- terminal seed (seed_{i−1} = SHA-256(seed_i), issue `sequence` uses seed_sequence); drawn issues from
-- their revealed seed, so the verification page checks them the same way. The chain itself (anchor,
-- terminal seed) is unchanged, so the SHA-256(seed) link these issues were bound by stays checkable.
WITH RECURSIVE chain AS (
  SELECT c.draw_type, c.sales_day, c.length AS position, decode(c.terminal_seed, 'hex') AS seed
    FROM seed_chains c
   WHERE EXISTS (SELECT 1 FROM draw_issues i
                  WHERE i.draw_type = c.draw_type AND i.sales_day = c.sales_day
                    AND i.seed IS NULL AND i.commitment IS NOT NULL)
  UNION ALL
  SELECT draw_type, sales_day, position - 1, sha256(seed) FROM chain WHERE position > 1
)
UPDATE draw_issues i
   SET commitment = encode(sha256(chain.seed || convert_to(i.issue_number, 'UTF8')), 'hex')
  FROM chain
 WHERE i.draw_type = chain.draw_type AND i.sales_day = chain.sales_day AND i.sequence = chain.position
   AND i.seed IS NULL AND i.commitment IS NOT NULL;
--> statement-breakpoint
UPDATE draw_issues
   SET commitment = encode(sha256(decode(seed, 'hex') || convert_to(issue_number, 'UTF8')), 'hex')
 WHERE seed IS NOT NULL AND commitment IS NOT NULL;
