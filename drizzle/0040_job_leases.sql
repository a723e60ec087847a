-- Leases for the jobs that run exactly once across the server processes (src/server/jobs/lease.ts):
-- one row per job name. `holder` is the random instance id of the process that holds it, `token`
-- grows on every change of holder (a fencing token), `expires_at` is set by the database clock.
CREATE TABLE job_leases (
  name text PRIMARY KEY CHECK (length(name) BETWEEN 1 AND 100),
  holder text NOT NULL CHECK (length(holder) BETWEEN 1 AND 100),
  token bigint NOT NULL CHECK (token > 0),
  taken_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
