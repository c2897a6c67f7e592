CREATE TABLE "audit_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_kind" text NOT NULL,
	"staff_user_id" integer,
	"role" text NOT NULL,
	"call_name" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"customer_id" integer,
	"loan_id" integer,
	"before" jsonb,
	"after" jsonb,
	"reason" text,
	"proposal_id" integer,
	"request_id" text NOT NULL,
	"ip" text
);
--> statement-breakpoint
CREATE INDEX "audit_records_at_idx" ON "audit_records" USING btree ("at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_records_customer_idx" ON "audit_records" USING btree ("customer_id","at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_records_loan_idx" ON "audit_records" USING btree ("loan_id","at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_records_staff_idx" ON "audit_records" USING btree ("staff_user_id","at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_records_entity_idx" ON "audit_records" USING btree ("entity_type","entity_id","at" DESC NULLS LAST);--> statement-breakpoint
-- Append-only (docs/backoffice.md §3): no record is ever changed or removed, whoever asks.
CREATE FUNCTION "audit_records_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_records is append-only' USING ERRCODE = 'P0001';
END
$$;--> statement-breakpoint
CREATE TRIGGER "audit_records_no_update_or_delete" BEFORE UPDATE OR DELETE ON "audit_records"
  FOR EACH ROW EXECUTE FUNCTION "audit_records_append_only"();--> statement-breakpoint
CREATE TRIGGER "audit_records_no_truncate" BEFORE TRUNCATE ON "audit_records"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_records_append_only"();
