-- Which scheduler process (host:pid) made a transition: the audit trail says who did what, and the
-- multi-process test proves that several processes share the work. NULL for transitions written
-- outside the scheduler (manual results, settlement). The pool-state flags this migration was
-- reserved for are not added yet (docs/draws.md).
ALTER TABLE "draw_issue_transitions" ADD COLUMN "actor" text;
