-- When a phone or e-mail was last bound to its account (NULL: before this column, or at registration).
-- A contact bound less than 24 hours ago cannot reset the money password: otherwise the login password
-- alone (which is enough to bind a new contact) would also yield the money password.
ALTER TABLE "customers" ADD COLUMN "phone_bound_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "email_bound_at" timestamp with time zone;
