-- The live-event outbox partitioned by id range, so retention drops whole partitions instead of
-- deleting rows (src/server/events/retention.ts). The existing table becomes the first partition
-- (no row is copied): it covers ids from 0 up to the next multiple of the span above its newest id.
-- Partitions of OUTBOX_PARTITION_SPAN ids (retention.ts) follow, created ahead by the retention job;
-- a default partition takes any id no partition covers yet, so an append never fails.
ALTER TABLE live_events RENAME TO live_events_p0;--> statement-breakpoint
ALTER INDEX live_events_pkey RENAME TO live_events_p0_pkey;--> statement-breakpoint
ALTER INDEX live_events_customer_idx RENAME TO live_events_p0_customer_idx;--> statement-breakpoint
ALTER TABLE live_events_p0 ALTER COLUMN id DROP DEFAULT;--> statement-breakpoint
CREATE TABLE live_events (
  id bigint NOT NULL DEFAULT nextval('live_events_id_seq'),
  customer_id bigint,
  type text NOT NULL,
  payload jsonb NOT NULL,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT live_events_pkey PRIMARY KEY (id)
) PARTITION BY RANGE (id);--> statement-breakpoint
-- Owned by the first partition, the sequence would be dropped with it.
ALTER SEQUENCE live_events_id_seq OWNED BY live_events.id;--> statement-breakpoint
CREATE INDEX live_events_customer_idx ON live_events USING btree (customer_id, id);--> statement-breakpoint
CREATE TABLE live_events_default PARTITION OF live_events DEFAULT;--> statement-breakpoint
DO $$
DECLARE
  span CONSTANT bigint := 250000;
  ahead CONSTANT int := 4;
  upper_bound bigint;
BEGIN
  SELECT (coalesce(max(id), 0) / span + 1) * span INTO upper_bound FROM live_events_p0;
  EXECUTE format('ALTER TABLE live_events ATTACH PARTITION live_events_p0 FOR VALUES FROM (0) TO (%s)', upper_bound);
  FOR i IN 0..ahead - 1 LOOP
    EXECUTE format('CREATE TABLE live_events_p%1$s PARTITION OF live_events FOR VALUES FROM (%1$s) TO (%2$s)',
      upper_bound + i * span, upper_bound + (i + 1) * span);
  END LOOP;
END $$;
