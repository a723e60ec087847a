-- The agent team tree as a closure table (docs/agents/README.md): one row per (ancestor, descendant)
-- pair including each customer with itself at depth 0, so "every descendant of X" and "is Y under X"
-- are index lookups whatever the depth. Customers never change parent, so rows are only inserted,
-- by the trigger below, in the same transaction that creates the customer.
CREATE TABLE "customer_tree" (
	"ancestor_id" bigint NOT NULL REFERENCES "customers"("id"),
	"descendant_id" bigint NOT NULL REFERENCES "customers"("id"),
	"depth" integer NOT NULL CHECK ("depth" >= 0),
	PRIMARY KEY ("ancestor_id", "descendant_id")
);--> statement-breakpoint
CREATE INDEX "customer_tree_ancestor_depth_idx" ON "customer_tree" ("ancestor_id", "depth", "descendant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_tree_descendant_idx" ON "customer_tree" ("descendant_id", "depth");--> statement-breakpoint
CREATE FUNCTION customer_tree_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO customer_tree (ancestor_id, descendant_id, depth) VALUES (NEW.id, NEW.id, 0);
	IF NEW.parent_id IS NOT NULL THEN
		INSERT INTO customer_tree (ancestor_id, descendant_id, depth)
		SELECT ancestor_id, NEW.id, depth + 1 FROM customer_tree WHERE descendant_id = NEW.parent_id;
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER customer_tree_insert AFTER INSERT ON "customers" FOR EACH ROW EXECUTE FUNCTION customer_tree_on_insert();--> statement-breakpoint
CREATE FUNCTION customer_parent_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW.parent_id IS DISTINCT FROM OLD.parent_id THEN
		RAISE EXCEPTION 'a customer''s parent never changes (customer %)', OLD.id;
	END IF;
	RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER customer_parent_fixed BEFORE UPDATE OF parent_id ON "customers" FOR EACH ROW EXECUTE FUNCTION customer_parent_fixed();--> statement-breakpoint
WITH RECURSIVE paths AS (
	SELECT id AS ancestor_id, id AS descendant_id, 0 AS depth FROM customers
	UNION ALL
	SELECT p.ancestor_id, c.id, p.depth + 1 FROM paths p JOIN customers c ON c.parent_id = p.descendant_id
)
INSERT INTO customer_tree (ancestor_id, descendant_id, depth) SELECT ancestor_id, descendant_id, depth FROM paths;
