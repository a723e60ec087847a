-- Announcements, help pages and payment tutorials (issue 16 item 8), edited in the back office and
-- read by the PWA. `html` is always the server's sanitised HTML. `version` counts edits: a write names
-- the version it was made from, so an operator never overwrites a change they have not seen.
-- The rows inserted at the end are the shipped defaults of public/content/ (the same text the service
-- worker precaches); tests/server/backoffice-content.test.ts keeps the two equal.
CREATE SEQUENCE "announcement_numbers" START 1001;
--> statement-breakpoint
CREATE TABLE "announcements" (
  "id" text PRIMARY KEY DEFAULT nextval('announcement_numbers')::text,
  "title" text NOT NULL,
  "html" text NOT NULL,
  -- DRAFT: never shown. PUBLISHED: shown from publish_at (a future one is a schedule) until expires_at.
  -- WITHDRAWN: taken down by an operator; it may be published again.
  "status" text NOT NULL DEFAULT 'DRAFT' CHECK ("status" IN ('DRAFT', 'PUBLISHED', 'WITHDRAWN')),
  "pinned" boolean NOT NULL DEFAULT false,
  "publish_at" timestamp with time zone,
  "expires_at" timestamp with time zone,
  "version" integer NOT NULL DEFAULT 1,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "updated_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "announcements_published_has_time" CHECK ("status" <> 'PUBLISHED' OR "publish_at" IS NOT NULL),
  CONSTRAINT "announcements_expiry_after_publish" CHECK ("expires_at" IS NULL OR "publish_at" IS NULL OR "expires_at" > "publish_at")
);
--> statement-breakpoint
CREATE INDEX "announcements_published_idx" ON "announcements" ("publish_at") WHERE "status" = 'PUBLISHED';
--> statement-breakpoint
CREATE TABLE "help_pages" (
  "slug" text PRIMARY KEY,
  -- The help index groups pages by section, sections in the order of their first page.
  "section" text NOT NULL,
  "position" integer NOT NULL,
  "title" text NOT NULL,
  "summary" text,
  "html" text NOT NULL,
  "version" integer NOT NULL DEFAULT 1,
  "updated_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
-- One row per tutorial route of spec §2.1 (src/shared/api/tutorials.ts): the set is fixed, the text is the operator's.
CREATE TABLE "tutorial_pages" (
  "key" text PRIMARY KEY,
  "title" text NOT NULL,
  "html" text NOT NULL,
  "version" integer NOT NULL DEFAULT 1,
  -- NULL until an operator first edits the page.
  "updated_at" timestamp with time zone
);
--> statement-breakpoint
INSERT INTO "announcements" ("id", "title", "html", "status", "pinned", "publish_at") VALUES
  ($c$welcome$c$, $c$锦鲤平台正式上线$c$, $c$<p>欢迎使用锦鲤。平台支持安装到手机主屏幕，网络不稳定时也能查看最后已知的信息。</p>
<p>请理性娱乐，未满 18 周岁禁止注册和参与。</p>$c$, 'PUBLISHED', true, '2026-11-21T16:00:00.000Z'),
  ($c$maintenance-notice$c$, $c$系统维护说明$c$, $c$<p>平台会不定期进行系统维护，维护期间部分功能可能暂停使用，维护时间将提前公告。</p>$c$, 'PUBLISHED', false, '2026-11-19T16:00:00.000Z');
--> statement-breakpoint
INSERT INTO "help_pages" ("slug", "section", "position", "title", "summary", "html", "updated_at") VALUES
  ($c$getting-started$c$, $c$新手入门$c$, 10, $c$新手指南$c$, $c$注册、登录与第一次投注前需要了解的内容$c$, $c$<p>欢迎来到锦鲤。本页介绍开始使用平台前需要了解的基本内容。</p>
<h2>注册与登录</h2>
<ol><li>通过代理提供的注册链接或平台首页完成注册。</li><li>使用注册时设置的用户名和密码登录。</li><li>首次登录时按提示完善联系方式并修改密码。</li></ol>
<h2>试玩账号</h2>
<p>试玩账号可以体验投注与查看投注记录，但不能充值、提现、转账、追号或参与活动。</p>
<blockquote>未满 18 周岁禁止注册和参与。每位用户仅限一个账号。</blockquote>$c$, '2026-11-21T16:00:00.000Z'),
  ($c$install-app$c$, $c$新手入门$c$, 20, $c$安装锦鲤 App$c$, $c$把锦鲤添加到手机主屏幕$c$, $c$<p>锦鲤可以像应用一样安装到手机主屏幕，打开更快，网络不稳定时也能查看最后已知的信息。</p>
<h2>安卓手机</h2>
<ol><li>使用 Chrome 等浏览器打开锦鲤。</li><li>进入“下载App”页面，点击“安装到主屏幕”。</li><li>按浏览器提示确认安装。</li></ol>
<h2>苹果手机</h2>
<ol><li>使用 Safari 浏览器打开锦鲤。</li><li>点击“分享”按钮，选择“添加到主屏幕”。</li><li>点击“添加”完成安装。</li></ol>
<blockquote>微信、QQ 等应用内置的浏览器无法安装，请先选择“在浏览器中打开”。</blockquote>$c$, '2026-11-21T16:00:00.000Z'),
  ($c$account-security$c$, $c$账户与资金$c$, 30, $c$账户与安全$c$, $c$密码、资金密码与登录保护$c$, $c$<p>登录密码由 8~16 位数字字母组成，并同时含数字和字母。资金密码与登录密码相互独立，请分别妥善保管。</p>
<h2>登录保护</h2>
<p>连续多次输入错误密码后，账号会被暂时锁定，请稍后再试或联系客服。</p>
<h2>账号注销</h2>
<p>连续 3 年未登录的账号将被注销。</p>$c$, '2026-11-21T16:00:00.000Z'),
  ($c$deposit-withdrawal$c$, $c$账户与资金$c$, 40, $c$充值与提现$c$, $c$到账时间与常见问题$c$, $c$<p>充值、提现与转账都需要联网进行，离线时无法操作。</p>
<h2>充值未到账</h2>
<p>如充值长时间未到账，请在 72 小时内联系客服并提供充值凭证。</p>
<h2>交易记录</h2>
<p>交易记录保留 30 天，可在账户的交易记录中查看。</p>$c$, '2026-11-21T16:00:00.000Z'),
  ($c$responsible-gaming$c$, $c$规则与条款$c$, 50, $c$理性娱乐$c$, $c$限额、冷静期与自我排除$c$, $c$<p>彩票与游戏是娱乐方式，请量力而行，切勿沉迷。</p>
<ul><li>可在个人中心设置充值与亏损限额：降低限额立即生效，提高限额 24 小时后生效。</li><li>可随时开启冷静期或自我排除。</li><li>可开启游戏时长提醒。</li></ul>
<blockquote>未满 18 周岁禁止注册和参与。</blockquote>$c$, '2026-11-21T16:00:00.000Z'),
  ($c$terms$c$, $c$规则与条款$c$, 60, $c$用户协议$c$, $c$使用本平台前请仔细阅读$c$, $c$<p>使用本平台即表示您同意以下条款。</p>
<ol><li>用户须年满 18 周岁。</li><li>每位用户仅限注册一个账号。</li><li>交易记录保留 30 天。</li><li>连续 3 年未登录的账号将被注销。</li><li>充值未到账须在 72 小时内反馈。</li></ol>$c$, '2026-11-21T16:00:00.000Z');
--> statement-breakpoint
INSERT INTO "tutorial_pages" ("key", "title", "html") VALUES
  ($c$alipay-hebao$c$, $c$支付宝和包$c$, $c$<p>本教程内容由平台运营方维护，运营方尚未发布此页面的内容。</p>
<blockquote>如需帮助，请联系在线客服。</blockquote>$c$),
  ($c$usdt/register$c$, $c$注册$c$, $c$<p>本教程内容由平台运营方维护，运营方尚未发布此页面的内容。</p>
<blockquote>如需帮助，请联系在线客服。</blockquote>$c$),
  ($c$usdt/to-usdt$c$, $c$兑换 USDT$c$, $c$<p>本教程内容由平台运营方维护，运营方尚未发布此页面的内容。</p>
<blockquote>如需帮助，请联系在线客服。</blockquote>$c$),
  ($c$usdt/withdrawal$c$, $c$提现$c$, $c$<p>本教程内容由平台运营方维护，运营方尚未发布此页面的内容。</p>
<blockquote>如需帮助，请联系在线客服。</blockquote>$c$),
  ($c$usdt/deposit$c$, $c$充值$c$, $c$<p>本教程内容由平台运营方维护，运营方尚未发布此页面的内容。</p>
<blockquote>如需帮助，请联系在线客服。</blockquote>$c$),
  ($c$usdt/to-rmb$c$, $c$兑换人民币$c$, $c$<p>本教程内容由平台运营方维护，运营方尚未发布此页面的内容。</p>
<blockquote>如需帮助，请联系在线客服。</blockquote>$c$),
  ($c$digital-rmb/deposit$c$, $c$充值$c$, $c$<p>本教程内容由平台运营方维护，运营方尚未发布此页面的内容。</p>
<blockquote>如需帮助，请联系在线客服。</blockquote>$c$),
  ($c$digital-rmb/upgrade$c$, $c$钱包升级$c$, $c$<p>本教程内容由平台运营方维护，运营方尚未发布此页面的内容。</p>
<blockquote>如需帮助，请联系在线客服。</blockquote>$c$),
  ($c$digital-rmb/withdrawal$c$, $c$提现$c$, $c$<p>本教程内容由平台运营方维护，运营方尚未发布此页面的内容。</p>
<blockquote>如需帮助，请联系在线客服。</blockquote>$c$),
  ($c$jd-e-card$c$, $c$京东E卡$c$, $c$<p>本教程内容由平台运营方维护，运营方尚未发布此页面的内容。</p>
<blockquote>如需帮助，请联系在线客服。</blockquote>$c$),
  ($c$tiktok-payment$c$, $c$抖音支付$c$, $c$<p>本教程内容由平台运营方维护，运营方尚未发布此页面的内容。</p>
<blockquote>如需帮助，请联系在线客服。</blockquote>$c$),
  ($c$wechat-life-payment$c$, $c$微信生活缴费$c$, $c$<p>本教程内容由平台运营方维护，运营方尚未发布此页面的内容。</p>
<blockquote>如需帮助，请联系在线客服。</blockquote>$c$),
  ($c$to-pay/install$c$, $c$安装$c$, $c$<p>本教程内容由平台运营方维护，运营方尚未发布此页面的内容。</p>
<blockquote>如需帮助，请联系在线客服。</blockquote>$c$),
  ($c$to-pay/register$c$, $c$注册$c$, $c$<p>本教程内容由平台运营方维护，运营方尚未发布此页面的内容。</p>
<blockquote>如需帮助，请联系在线客服。</blockquote>$c$),
  ($c$to-pay/buy$c$, $c$购买$c$, $c$<p>本教程内容由平台运营方维护，运营方尚未发布此页面的内容。</p>
<blockquote>如需帮助，请联系在线客服。</blockquote>$c$),
  ($c$to-pay/withdrawal$c$, $c$提现$c$, $c$<p>本教程内容由平台运营方维护，运营方尚未发布此页面的内容。</p>
<blockquote>如需帮助，请联系在线客服。</blockquote>$c$),
  ($c$to-pay/deposit$c$, $c$充值$c$, $c$<p>本教程内容由平台运营方维护，运营方尚未发布此页面的内容。</p>
<blockquote>如需帮助，请联系在线客服。</blockquote>$c$),
  ($c$to-pay/sell$c$, $c$出售$c$, $c$<p>本教程内容由平台运营方维护，运营方尚未发布此页面的内容。</p>
<blockquote>如需帮助，请联系在线客服。</blockquote>$c$);
