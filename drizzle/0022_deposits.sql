-- Deposits (issue 17 item 2; docs/wallet/deposits.md). The methods an operator offers (spec §3.5, about 38),
-- the deposit orders through the spec's payment statuses, and a log of every notification a payment
-- gateway delivers. Amounts are bigint 0.0001 元 (decisions §3).
CREATE TABLE "deposit_methods" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	-- BANK, ALIPAY, WECHAT, QQ, WALLET, CRYPTO, CARD, DIGITAL_RMB: how the PWA groups the tiles.
	"group_code" text NOT NULL,
	-- ONLINE: paid through the gateway's cashier; OFFLINE: a transfer to our receiving account that finance confirms.
	"kind" text NOT NULL CHECK ("kind" IN ('ONLINE', 'OFFLINE')),
	"enabled" boolean NOT NULL DEFAULT false,
	"min_amount" bigint NOT NULL CHECK ("min_amount" > 0),
	"max_amount" bigint NOT NULL,
	"recommended_amounts" bigint[] NOT NULL DEFAULT '{}',
	"integer_only" boolean NOT NULL DEFAULT true,
	"fee_rate_bp" integer NOT NULL DEFAULT 0 CHECK ("fee_rate_bp" BETWEEN 0 AND 10000),
	"fee_fixed" bigint NOT NULL DEFAULT 0 CHECK ("fee_fixed" >= 0),
	-- Required stake added per credited 元, in basis points (10000 = ×1, decisions §10).
	"stake_multiplier_bp" integer NOT NULL DEFAULT 10000 CHECK ("stake_multiplier_bp" BETWEEN 0 AND 1000000),
	"sort_order" integer NOT NULL DEFAULT 0,
	"receiving_bank" text,
	"receiving_name" text,
	"receiving_account" text,
	"receiving_branch" text,
	"updated_at" timestamp with time zone NOT NULL DEFAULT now(),
	CHECK ("max_amount" >= "min_amount")
);
--> statement-breakpoint
INSERT INTO "deposit_methods" ("code", "name", "group_code", "kind", "enabled", "min_amount", "max_amount", "recommended_amounts", "integer_only", "sort_order",
                               "receiving_bank", "receiving_name", "receiving_account", "receiving_branch") VALUES
	('UNIONPAY_ONLINE', '网银支付', 'BANK', 'ONLINE', true, 1000000, 500000000, '{1000000,2000000,5000000,10000000,20000000,50000000}', true, 10, NULL, NULL, NULL, NULL),
	('UNIONPAY_QUICK', '银联快捷', 'BANK', 'ONLINE', true, 1000000, 200000000, '{1000000,2000000,5000000,10000000,20000000}', true, 11, NULL, NULL, NULL, NULL),
	('UNIONPAY_SCAN', '银联扫码', 'BANK', 'ONLINE', false, 1000000, 100000000, '{1000000,5000000,10000000}', true, 12, NULL, NULL, NULL, NULL),
	('UNIONPAY_WAP', '银联H5', 'BANK', 'ONLINE', false, 1000000, 100000000, '{1000000,5000000,10000000}', true, 13, NULL, NULL, NULL, NULL),
	('UNIONPAY_CLOUD', '云闪付', 'BANK', 'ONLINE', true, 1000000, 100000000, '{1000000,2000000,5000000,10000000}', true, 14, NULL, NULL, NULL, NULL),
	('ALIPAY_SCAN', '支付宝扫码', 'ALIPAY', 'ONLINE', true, 1000000, 50000000, '{1000000,2000000,5000000,10000000,20000000}', true, 20, NULL, NULL, NULL, NULL),
	('ALIPAY_WAP', '支付宝H5', 'ALIPAY', 'ONLINE', true, 1000000, 50000000, '{1000000,2000000,5000000,10000000}', true, 21, NULL, NULL, NULL, NULL),
	('ALIPAY_TRANSFER', '支付宝转账', 'ALIPAY', 'ONLINE', false, 1000000, 50000000, '{}', true, 22, NULL, NULL, NULL, NULL),
	('ALIPAY_TO_CARD', '支付宝转卡', 'ALIPAY', 'OFFLINE', false, 1000000, 50000000, '{}', false, 23, '中国建设银行', '金利科技有限公司', '6217000010001234567', '上海分行营业部'),
	('ALIPAY_RED_PACKET', '支付宝口令红包', 'ALIPAY', 'ONLINE', false, 1000000, 2000000, '{1000000,2000000}', true, 24, NULL, NULL, NULL, NULL),
	('WECHAT_SCAN', '微信扫码', 'WECHAT', 'ONLINE', true, 1000000, 30000000, '{1000000,2000000,5000000,10000000}', true, 30, NULL, NULL, NULL, NULL),
	('WECHAT_WAP', '微信H5', 'WECHAT', 'ONLINE', false, 1000000, 30000000, '{1000000,2000000,5000000}', true, 31, NULL, NULL, NULL, NULL),
	('WECHAT_TRANSFER', '微信转账', 'WECHAT', 'ONLINE', false, 1000000, 30000000, '{}', true, 32, NULL, NULL, NULL, NULL),
	('WECHAT_TO_CARD', '微信转卡', 'WECHAT', 'OFFLINE', false, 1000000, 30000000, '{}', false, 33, '中国建设银行', '金利科技有限公司', '6217000010001234567', '上海分行营业部'),
	('WECHAT_LIFE_PAYMENT', '微信生活缴费', 'WECHAT', 'ONLINE', false, 5000000, 50000000, '{5000000,10000000,20000000}', true, 34, NULL, NULL, NULL, NULL),
	('QQ_SCAN', 'QQ钱包扫码', 'QQ', 'ONLINE', true, 1000000, 20000000, '{1000000,5000000,10000000}', true, 40, NULL, NULL, NULL, NULL),
	('QQ_WAP', 'QQ钱包H5', 'QQ', 'ONLINE', false, 1000000, 20000000, '{1000000,5000000}', true, 41, NULL, NULL, NULL, NULL),
	('JD_PAY', '京东支付', 'WALLET', 'ONLINE', false, 1000000, 50000000, '{1000000,5000000,10000000}', true, 50, NULL, NULL, NULL, NULL),
	('JD_E_CARD', '京东E卡', 'CARD', 'ONLINE', false, 1000000, 10000000, '{1000000,5000000,10000000}', true, 51, NULL, NULL, NULL, NULL),
	('HEBAO', '和包支付', 'WALLET', 'ONLINE', false, 1000000, 50000000, '{}', true, 52, NULL, NULL, NULL, NULL),
	('TIKTOK_PAY', '抖音支付', 'WALLET', 'ONLINE', false, 1000000, 50000000, '{}', true, 53, NULL, NULL, NULL, NULL),
	('TOPAY', 'ToPay钱包', 'WALLET', 'ONLINE', false, 1000000, 100000000, '{}', false, 54, NULL, NULL, NULL, NULL),
	('CARD_TO_CARD', '卡转卡', 'BANK', 'OFFLINE', false, 1000000, 500000000, '{}', false, 60, '中国工商银行', '金利科技有限公司', '6222020200112233445', '上海浦东支行'),
	('MOBILE_BANKING', '手机银行转账', 'BANK', 'OFFLINE', false, 1000000, 500000000, '{}', false, 61, '中国工商银行', '金利科技有限公司', '6222020200112233445', '上海浦东支行'),
	('USDT_ERC20', 'USDT（ERC20）', 'CRYPTO', 'ONLINE', false, 1000000, 1000000000, '{}', false, 70, NULL, NULL, NULL, NULL),
	('USDT_TRC20', 'USDT（TRC20）', 'CRYPTO', 'ONLINE', true, 1000000, 1000000000, '{}', false, 71, NULL, NULL, NULL, NULL),
	('POINT_CARD', '点卡充值', 'CARD', 'ONLINE', false, 1000000, 10000000, '{1000000,3000000,5000000,10000000}', true, 80, NULL, NULL, NULL, NULL),
	('PHONE_CARD', '话费卡充值', 'CARD', 'ONLINE', false, 1000000, 5000000, '{1000000,3000000,5000000}', true, 81, NULL, NULL, NULL, NULL),
	('DIGITAL_RMB', '数字人民币', 'DIGITAL_RMB', 'ONLINE', true, 1000000, 100000000, '{}', true, 90, NULL, NULL, NULL, NULL),
	('DIGITAL_RMB_SCAN', '数字人民币扫码', 'DIGITAL_RMB', 'ONLINE', false, 1000000, 100000000, '{1000000,5000000,10000000}', true, 91, NULL, NULL, NULL, NULL),
	('MANUAL_BANK_TRANSFER', '人工银行转账', 'BANK', 'OFFLINE', true, 1000000, 1000000000, '{}', false, 100, '中国工商银行', '金利科技有限公司', '6222020200112233445', '上海浦东支行'),
	('MANUAL_ALIPAY', '人工支付宝', 'ALIPAY', 'OFFLINE', false, 1000000, 50000000, '{}', false, 101, '支付宝', '金利科技有限公司', 'finance@jinli.example', NULL),
	('MANUAL_WECHAT', '人工微信', 'WECHAT', 'OFFLINE', false, 1000000, 30000000, '{}', false, 102, '微信', '金利科技有限公司', 'jinli_finance', NULL),
	('MANUAL_USDT', '人工USDT', 'CRYPTO', 'OFFLINE', false, 1000000, 1000000000, '{}', false, 103, 'USDT（TRC20）', '金利科技有限公司', 'TJinLiSandboxReceivingAddr000000001', NULL),
	('MANUAL_DIGITAL_RMB', '人工数字人民币', 'DIGITAL_RMB', 'OFFLINE', false, 1000000, 100000000, '{}', false, 104, '数字人民币', '金利科技有限公司', '0012345678901234', NULL),
	('MANUAL_ATM', 'ATM存款', 'BANK', 'OFFLINE', false, 1000000, 200000000, '{}', true, 105, '中国工商银行', '金利科技有限公司', '6222020200112233445', '上海浦东支行'),
	('MANUAL_COUNTER', '银行柜台存款', 'BANK', 'OFFLINE', false, 1000000, 1000000000, '{}', false, 106, '中国工商银行', '金利科技有限公司', '6222020200112233445', '上海浦东支行'),
	('MANUAL_OTHER', '其他人工存款', 'BANK', 'OFFLINE', false, 1000000, 1000000000, '{}', false, 107, '中国工商银行', '金利科技有限公司', '6222020200112233445', '上海浦东支行');
--> statement-breakpoint
CREATE TABLE "deposits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	-- D + Beijing date + number: shown to the player, written in an offline transfer's note.
	"reference" text NOT NULL UNIQUE,
	"customer_id" bigint NOT NULL REFERENCES "customers" ("id"),
	"method_code" text NOT NULL REFERENCES "deposit_methods" ("code"),
	"kind" text NOT NULL CHECK ("kind" IN ('ONLINE', 'OFFLINE')),
	"amount" bigint NOT NULL CHECK ("amount" > 0),
	-- Set when credited (from what was actually paid): fee kept by the house, and what reached the wallet.
	"fee" bigint NOT NULL DEFAULT 0 CHECK ("fee" >= 0),
	"paid_amount" bigint CHECK ("paid_amount" >= 0),
	"credited_amount" bigint CHECK ("credited_amount" >= 0),
	"status" text NOT NULL CHECK ("status" IN ('PENDING', 'SUCCESS', 'FAILED', 'WAITING_FOR_AUDIT', 'AUDITING', 'AUTO_AUDIT_FAILED',
	                                          'AUDIT_NOT_PASSED', 'SUBMITTED', 'CANCELLED', 'CANCELED', 'PARTIAL_SUCCESS')),
	"gateway_code" text,
	"gateway_payment_id" text,
	"cashier_url" text,
	"payer_name" text,
	"payer_reference" text,
	-- Offline: the receiving account shown when the deposit was made ({bank, name, account, branch}),
	-- kept as it was even if finance changes the method's account later.
	"receiving_account" jsonb,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL DEFAULT now(),
	"updated_at" timestamp with time zone NOT NULL DEFAULT now(),
	"credited_at" timestamp with time zone,
	"transfer_id" bigint UNIQUE REFERENCES "ledger_transfers" ("id"),
	-- Shown to the player (why it failed or was rejected).
	"failure_reason" text,
	-- For finance: late, over- or under-paid, confirmed amount differs, …
	"note" text,
	"confirmed_by" bigint,
	"confirmed_at" timestamp with time zone,
	"client_key" text NOT NULL,
	UNIQUE ("customer_id", "client_key"),
	UNIQUE ("gateway_code", "gateway_payment_id"),
	CHECK (("transfer_id" IS NULL) = ("credited_at" IS NULL))
);
--> statement-breakpoint
CREATE INDEX "deposits_customer_created_idx" ON "deposits" ("customer_id", "created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "deposits_created_idx" ON "deposits" ("created_at" DESC, "id" DESC);
--> statement-breakpoint
-- The offline confirmation queue.
CREATE INDEX "deposits_waiting_idx" ON "deposits" ("created_at", "id") WHERE "status" = 'WAITING_FOR_AUDIT';
--> statement-breakpoint
-- The expiry job.
CREATE INDEX "deposits_open_expiry_idx" ON "deposits" ("expires_at") WHERE "status" IN ('PENDING', 'WAITING_FOR_AUDIT');
--> statement-breakpoint
CREATE TABLE "gateway_notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"gateway" text NOT NULL,
	"notification_id" text,
	"kind" text,
	"signature_ok" boolean NOT NULL,
	-- True for the one delivery of a notification id that was acted on; repeats are logged with false.
	"processed" boolean NOT NULL DEFAULT false,
	"outcome" text NOT NULL,
	"deposit_id" bigint,
	"merchant_order_id" text,
	"payload" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX "gateway_notifications_processed_idx" ON "gateway_notifications" ("gateway", "notification_id") WHERE "processed";
--> statement-breakpoint
CREATE INDEX "gateway_notifications_received_idx" ON "gateway_notifications" ("received_at" DESC);
--> statement-breakpoint
CREATE INDEX "gateway_notifications_deposit_idx" ON "gateway_notifications" ("deposit_id") WHERE "deposit_id" IS NOT NULL;
