-- Reserved for issue 17 (0023_withdrawals); replaced by its owner.
SELECT 1;
