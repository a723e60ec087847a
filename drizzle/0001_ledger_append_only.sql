-- The ledger is append-only: entries are never changed or removed, and a transfer may only move from
-- PENDING to POSTED or VOIDED. Corrections are new transfers.
CREATE FUNCTION ledger_entries_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger entries are append-only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_update BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_immutable();
--> statement-breakpoint
CREATE FUNCTION ledger_transfers_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'ledger transfers are append-only';
  END IF;
  IF NEW.id <> OLD.id OR NEW.idempotency_key <> OLD.idempotency_key OR NEW.type <> OLD.type
     OR NEW.created_at <> OLD.created_at THEN
    RAISE EXCEPTION 'ledger transfers are append-only';
  END IF;
  IF NEW.state <> OLD.state AND NOT (OLD.state = 'PENDING' AND NEW.state IN ('POSTED', 'VOIDED')) THEN
    RAISE EXCEPTION 'ledger transfer state % cannot become %', OLD.state, NEW.state;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_transfers_no_rewrite BEFORE UPDATE OR DELETE ON ledger_transfers
  FOR EACH ROW EXECUTE FUNCTION ledger_transfers_guard();
