CREATE TABLE "loan_restructures" (
	"id" serial PRIMARY KEY NOT NULL,
	"loan_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"debt_cents" integer NOT NULL,
	"principal_cents" integer NOT NULL,
	"interest_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"installment_count" integer NOT NULL,
	"tae_basis_points" integer NOT NULL,
	"first_installment_number" integer NOT NULL,
	"last_installment_number" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loan_rollovers" (
	"id" serial PRIMARY KEY NOT NULL,
	"loan_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"payment_id" integer NOT NULL,
	"from_installment_id" integer NOT NULL,
	"new_installment_id" integer,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"fee_cents" integer NOT NULL,
	"new_base_cents" integer NOT NULL,
	"new_interest_cents" integer NOT NULL,
	"new_total_cents" integer NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "loan_withdrawals" (
	"id" serial PRIMARY KEY NOT NULL,
	"loan_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"principal_cents" integer NOT NULL,
	"interest_cents" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"daily_interest_cents" integer NOT NULL,
	"repay_by" date NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"review_unique_ref" text NOT NULL,
	"link" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "loan_restructures" ADD CONSTRAINT "loan_restructures_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_restructures" ADD CONSTRAINT "loan_restructures_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_rollovers" ADD CONSTRAINT "loan_rollovers_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_rollovers" ADD CONSTRAINT "loan_rollovers_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_rollovers" ADD CONSTRAINT "loan_rollovers_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_rollovers" ADD CONSTRAINT "loan_rollovers_from_installment_id_installments_id_fk" FOREIGN KEY ("from_installment_id") REFERENCES "public"."installments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_rollovers" ADD CONSTRAINT "loan_rollovers_new_installment_id_installments_id_fk" FOREIGN KEY ("new_installment_id") REFERENCES "public"."installments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_withdrawals" ADD CONSTRAINT "loan_withdrawals_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_withdrawals" ADD CONSTRAINT "loan_withdrawals_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_links" ADD CONSTRAINT "review_links_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loan_restructures_loan_idx" ON "loan_restructures" USING btree ("loan_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "loan_rollovers_payment_key" ON "loan_rollovers" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "loan_rollovers_loan_idx" ON "loan_rollovers" USING btree ("loan_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "loan_withdrawals_loan_key" ON "loan_withdrawals" USING btree ("loan_id");--> statement-breakpoint
CREATE INDEX "loan_withdrawals_customer_idx" ON "loan_withdrawals" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "review_links_customer_ref_key" ON "review_links" USING btree ("customer_id","review_unique_ref");