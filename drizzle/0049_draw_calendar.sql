-- The operator's calendar of official draw types (docs/draws.md, "Closed days"): a CLOSED day is added
-- to the default schedule's closedDates (the Spring Festival break, an exchange holiday), an EXTRA day
-- to its extraDates (a Mark Six draw moved). Yearly 期号 and running counters count only open days, so
-- these rows decide the numbering of every later issue. One row per draw type and day.
CREATE TABLE "draw_calendar_days" (
	"draw_type" text NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL CHECK ("kind" IN ('CLOSED', 'EXTRA')),
	"reason" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("draw_type", "day")
);
