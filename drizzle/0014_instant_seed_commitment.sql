-- Instant (秒开) seeds are committed before any bet (issue 15, defect 7): a seed is made when the player
-- first asks for it (GET /ajax/instant-seed) or rotates, and `hash_shown_at` records when its hash was
-- first returned. An instant bet is drawn only from a seed whose hash was shown.
ALTER TABLE "instant_seeds" ADD COLUMN "hash_shown_at" timestamp with time zone;
--> statement-breakpoint
-- Every seed that exists already had its hash returned: by the rotation that made it, or with the
-- order whose bet made it (before every later bet on it).
UPDATE "instant_seeds" SET "hash_shown_at" = "created_at";
