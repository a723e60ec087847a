-- Placeholder: replaced by the change that owns this migration, or removed if unused.
SELECT 1;
