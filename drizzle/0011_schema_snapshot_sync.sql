-- Intentionally empty. Migrations 0007–0010 were written by hand; `drizzle-kit generate` then produced
-- exactly their tables, columns, keys and indexes again. This entry keeps its snapshot
-- (meta/0011_snapshot.json), so that the next `npm run db:generate` starts from the current schema.
SELECT 1;
