CREATE TABLE "loan_discounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"loan_id" integer NOT NULL,
	"installment_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"request_key" text NOT NULL,
	"created_by_staff_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_by_staff_id" integer,
	"removed_at" timestamp with time zone,
	"removed_reason" text
);
--> statement-breakpoint
ALTER TABLE "loan_discounts" ADD CONSTRAINT "loan_discounts_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_discounts" ADD CONSTRAINT "loan_discounts_installment_id_installments_id_fk" FOREIGN KEY ("installment_id") REFERENCES "public"."installments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_discounts" ADD CONSTRAINT "loan_discounts_created_by_staff_id_staff_users_id_fk" FOREIGN KEY ("created_by_staff_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_discounts" ADD CONSTRAINT "loan_discounts_removed_by_staff_id_staff_users_id_fk" FOREIGN KEY ("removed_by_staff_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "loan_discounts_request_key" ON "loan_discounts" USING btree ("request_key");--> statement-breakpoint
CREATE INDEX "loan_discounts_loan_idx" ON "loan_discounts" USING btree ("loan_id","id");