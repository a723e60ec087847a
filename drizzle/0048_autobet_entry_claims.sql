-- Autobet entries are placed without holding a transaction open (docs/autobet.md, "The runner"): a
-- runner first claims the entry in a short committed UPDATE (placing_at, a lease), places its order
-- with the entry's client key, then records the result, which clears the claim. While a claim is live
-- no one else places, skips or stops the entry; an expired claim (a runner that died) is taken over,
-- and the order's client key makes a second placement replay the first.
ALTER TABLE "autobet_entries" ADD COLUMN "placing_at" timestamp with time zone;
--> statement-breakpoint
-- When the entry's issue closes by the schedule, stored at creation: an entry whose issue row never
-- comes (its game disabled, issues are generated only a day ahead) is cancelled once this has passed.
-- Older entries take the close of their issue row where there is one; the runner fills the rest from
-- the schedule.
ALTER TABLE "autobet_entries" ADD COLUMN "closes_at" timestamp with time zone;
--> statement-breakpoint
UPDATE "autobet_entries" e SET "closes_at" = i."closes_at"
  FROM "autobets" a, "draw_issues" i
 WHERE a."id" = e."autobet_id" AND i."draw_type" = a."draw_type" AND i."issue_number" = e."issue_number" AND e."status" = 'PENDING';
