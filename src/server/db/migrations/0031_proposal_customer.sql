-- Every proposal names the customer it concerns (a payment's proposal too): added empty, filled from the limit
-- proposals' subject (the only kind before this migration), then required. One pending proposal per subject,
-- whatever its kind (an annulment and a chargeback of one payment cannot both wait).
DROP INDEX "staff_proposals_one_pending";--> statement-breakpoint
ALTER TABLE "staff_proposals" ADD COLUMN "customer_id" integer;--> statement-breakpoint
UPDATE "staff_proposals" SET "customer_id" = "subject_id" WHERE "subject_type" = 'customer';--> statement-breakpoint
ALTER TABLE "staff_proposals" ALTER COLUMN "customer_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_proposals" ADD CONSTRAINT "staff_proposals_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_proposals_customer_idx" ON "staff_proposals" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_proposals_one_pending" ON "staff_proposals" USING btree ("subject_type","subject_id") WHERE "staff_proposals"."status" = 'pending';
