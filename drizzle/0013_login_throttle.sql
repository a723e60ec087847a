-- Reserved for issue 15; filled in by its change. An empty migration is a no-op.
SELECT 1;
