-- Payout accounts and withdrawals (issue 17 items 3–5; docs/wallet/withdrawals.md).
-- The account's real name is set once, by the first binding that carries one, and then fixed.
CREATE TABLE "customer_real_names" (
	"customer_id" bigint PRIMARY KEY NOT NULL REFERENCES "customers" ("id"),
	"real_name" text NOT NULL,
	"set_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE "payout_accounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" bigint NOT NULL REFERENCES "customers" ("id"),
	"kind" text NOT NULL CHECK ("kind" IN ('BANK', 'USDT', 'ALIPAY', 'TO_PAY', 'WECHAT', 'DIGITAL_RMB')),
	-- The destination in full (card number, address, account or wallet number): only the payout sends it out.
	"account" text NOT NULL,
	-- The same, normalised (lower case, no spaces): one customer binds it once; several customers sharing it is an audit flag.
	"account_key" text NOT NULL,
	"last4" text,
	"bank_code" text,
	"branch" text,
	"holder_name" text,
	"protocol" text CHECK ("protocol" IS NULL OR "protocol" IN ('USDT_ERC20', 'USDT_TRC20')),
	"wallet_name" text,
	"created_at" timestamp with time zone NOT NULL DEFAULT now(),
	CONSTRAINT "payout_accounts_customer_account_unique" UNIQUE ("customer_id", "kind", "account_key")
);
--> statement-breakpoint
CREATE INDEX "payout_accounts_account_idx" ON "payout_accounts" ("kind", "account_key");
--> statement-breakpoint
-- One row: the operator's withdrawal rules (back office 财务 → 提现设置). Money in 0.0001 元.
CREATE TABLE "withdrawal_settings" (
	"id" integer PRIMARY KEY NOT NULL DEFAULT 1 CHECK ("id" = 1),
	"min_amount" bigint NOT NULL,
	"max_amount" bigint NOT NULL,
	"daily_count_limit" integer NOT NULL,
	"daily_amount_limit" bigint NOT NULL,
	"fee_rate_bp" integer NOT NULL,
	"fee_min" bigint NOT NULL,
	"audit_amount_threshold" bigint NOT NULL,
	"large_amount_threshold" bigint NOT NULL,
	"new_account_hours" integer NOT NULL,
	"win_ratio_bp" integer NOT NULL,
	"max_accounts_per_kind" integer NOT NULL,
	"enabled_kinds" text[] NOT NULL,
	"updated_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
-- ¥100–¥50,000 a request, 5 and ¥200,000 a day, no fee, manual audit from ¥10,000, a second approver
-- from ¥50,000, accounts newer than 24 hours and a net win over 10× the last deposit flagged.
INSERT INTO "withdrawal_settings" ("min_amount", "max_amount", "daily_count_limit", "daily_amount_limit", "fee_rate_bp", "fee_min",
	"audit_amount_threshold", "large_amount_threshold", "new_account_hours", "win_ratio_bp", "max_accounts_per_kind", "enabled_kinds")
VALUES (1000000, 500000000, 5, 2000000000, 0, 0, 100000000, 500000000, 24, 100000, 5,
	ARRAY['BANK', 'USDT', 'ALIPAY', 'TO_PAY', 'WECHAT', 'DIGITAL_RMB']);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	-- W + Beijing date + number, shown to the player and sent to the gateway as the payout's id.
	"reference" text NOT NULL UNIQUE,
	"customer_id" bigint NOT NULL REFERENCES "customers" ("id"),
	"payout_account_id" bigint NOT NULL REFERENCES "payout_accounts" ("id"),
	"kind" text NOT NULL,
	"amount" bigint NOT NULL CHECK ("amount" > 0),
	"fee" bigint NOT NULL CHECK ("fee" >= 0),
	"net_amount" bigint NOT NULL CHECK ("net_amount" > 0 AND "net_amount" + "fee" = "amount"),
	"status" text NOT NULL CHECK ("status" IN ('PENDING', 'AUTO_AUDIT_FAILED', 'AUDITING', 'WAITING_FOR_AUDIT', 'SUBMITTED',
		'SUCCESS', 'FAILED', 'AUDIT_NOT_PASSED', 'CANCELLED')),
	-- The WPEND hold (ledger_transfers, state PENDING until paid or returned).
	"pending_transfer_id" bigint REFERENCES "ledger_transfers" ("id"),
	"flags" text[] NOT NULL DEFAULT '{}',
	"claimed_by" bigint REFERENCES "operators" ("id"),
	"claimed_at" timestamp with time zone,
	"audited_by" bigint REFERENCES "operators" ("id"),
	-- Why finance rejected it or why the payout failed: shown to the player.
	"reason" text,
	"approval_id" bigint REFERENCES "operator_approvals" ("id"),
	"payout_state" text NOT NULL DEFAULT 'NOT_SENT' CHECK ("payout_state" IN ('NOT_SENT', 'SENT', 'IN_DOUBT', 'PAID', 'FAILED')),
	"gateway_code" text,
	"gateway_payout_id" text,
	"payout_attempts" integer NOT NULL DEFAULT 0,
	"payout_sent_at" timestamp with time zone,
	-- When the dispatcher or the resolver may look at it again (back-off after an unreachable gateway).
	"payout_next_at" timestamp with time zone,
	"client_key" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL DEFAULT now(),
	"updated_at" timestamp with time zone NOT NULL DEFAULT now(),
	"completed_at" timestamp with time zone,
	CONSTRAINT "withdrawals_client_key_unique" UNIQUE ("customer_id", "client_key"),
	-- Only a request under audit has a claimer.
	CHECK ("claimed_by" IS NULL OR "status" IN ('AUDITING', 'WAITING_FOR_AUDIT', 'SUBMITTED', 'SUCCESS', 'FAILED', 'AUDIT_NOT_PASSED'))
);
--> statement-breakpoint
-- The player's history and daily limits.
CREATE INDEX "withdrawals_customer_idx" ON "withdrawals" ("customer_id", "created_at" DESC);
--> statement-breakpoint
-- The audit queue (oldest first): only what a person still has to act on, however many have been handled.
CREATE INDEX "withdrawals_audit_queue_idx" ON "withdrawals" ("id") WHERE "status" IN ('AUTO_AUDIT_FAILED', 'AUDITING', 'WAITING_FOR_AUDIT');
--> statement-breakpoint
CREATE INDEX "withdrawals_status_idx" ON "withdrawals" ("status", "id");
--> statement-breakpoint
-- 我的 (claimed by me) in the queue.
CREATE INDEX "withdrawals_claimed_idx" ON "withdrawals" ("claimed_by", "id") WHERE "status" IN ('AUTO_AUDIT_FAILED', 'AUDITING', 'WAITING_FOR_AUDIT');
--> statement-breakpoint
-- What the payout dispatcher and the in-doubt resolver scan.
CREATE INDEX "withdrawals_payout_idx" ON "withdrawals" ("payout_state", "payout_next_at") WHERE "status" = 'SUBMITTED';
--> statement-breakpoint
CREATE TABLE "withdrawal_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"withdrawal_id" bigint NOT NULL REFERENCES "withdrawals" ("id"),
	-- 申请, 系统审核, 领取, 释放, 审核通过, 提交二次审批, 二次审批通过, 审核拒绝, 取消, 出款, 出款结果, …
	"action" text NOT NULL,
	-- The operator's username, or null for the player and the system.
	"by" text,
	"note" text,
	"created_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX "withdrawal_events_withdrawal_idx" ON "withdrawal_events" ("withdrawal_id", "id");
