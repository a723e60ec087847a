-- The AI assistant (issue 21 item 4; docs/messages/assistant.md). One settings row: which adapter
-- answers (the built-in one over the platform's own content, or an OpenAI-compatible endpoint) and
-- the per-customer limits. The endpoint's API key is stored in plain text, like the operators' TOTP
-- secrets today. Questions are never stored: only how many each customer asked, for the rate limit.
CREATE TABLE "assistant_settings" (
  "id" integer PRIMARY KEY DEFAULT 1 CHECK ("id" = 1),
  "adapter" text NOT NULL DEFAULT 'BUILTIN' CHECK ("adapter" IN ('BUILTIN', 'OPENAI')),
  "base_url" text NOT NULL DEFAULT '',
  "model" text NOT NULL DEFAULT '',
  "api_key" text NOT NULL DEFAULT '',
  "timeout_ms" integer NOT NULL DEFAULT 20000 CHECK ("timeout_ms" BETWEEN 1000 AND 120000),
  "per_minute" integer NOT NULL DEFAULT 10 CHECK ("per_minute" BETWEEN 1 AND 1000),
  "per_day" integer NOT NULL DEFAULT 100 CHECK ("per_day" BETWEEN 1 AND 100000),
  "version" integer NOT NULL DEFAULT 1,
  "updated_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
INSERT INTO "assistant_settings" ("id") VALUES (1);
--> statement-breakpoint
-- One row per customer who asked: the current minute's and the current Beijing day's counts. The
-- limit is checked and counted in one INSERT … ON CONFLICT DO UPDATE … WHERE (src/server/assistant/rate-limit.ts).
CREATE TABLE "assistant_usage" (
  "customer_id" bigint PRIMARY KEY REFERENCES "customers" ("id") ON DELETE CASCADE,
  "minute_start" timestamp with time zone NOT NULL,
  "minute_count" integer NOT NULL CHECK ("minute_count" >= 0),
  "day" date NOT NULL,
  "day_count" integer NOT NULL CHECK ("day_count" >= 0)
);
--> statement-breakpoint
CREATE INDEX "assistant_usage_day_idx" ON "assistant_usage" ("day");
