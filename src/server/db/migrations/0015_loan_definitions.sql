CREATE TABLE "loan_definitions" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"version" integer NOT NULL,
	"product" text NOT NULL,
	"name" text NOT NULL,
	"min_amount_cents" integer NOT NULL,
	"max_amount_cents" integer NOT NULL,
	"amount_step_cents" integer NOT NULL,
	"monthly_rate_bp" integer,
	"min_installments" integer,
	"max_installments" integer,
	"installments_step" integer,
	"daily_rate_bp" integer,
	"default_term_days" integer,
	"first_loan_free_max_cents" integer,
	"example_amount_cents" integer NOT NULL,
	"example_installments" integer,
	"example_term_days" integer,
	"valid_from" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loan_definitions_product_check" CHECK ("loan_definitions"."product" in ('installment', 'mini')),
	CONSTRAINT "loan_definitions_amounts_check" CHECK ("loan_definitions"."min_amount_cents" > 0 and "loan_definitions"."max_amount_cents" >= "loan_definitions"."min_amount_cents" and "loan_definitions"."amount_step_cents" > 0),
	CONSTRAINT "loan_definitions_pricing_check" CHECK (coalesce("loan_definitions"."product" = 'installment' and "loan_definitions"."monthly_rate_bp" >= 0 and "loan_definitions"."min_installments" >= 1 and "loan_definitions"."max_installments" >= "loan_definitions"."min_installments" and "loan_definitions"."installments_step" >= 1 and "loan_definitions"."example_installments" >= 1, false)
        or coalesce("loan_definitions"."product" = 'mini' and "loan_definitions"."daily_rate_bp" >= 0 and "loan_definitions"."default_term_days" >= 1 and "loan_definitions"."first_loan_free_max_cents" >= 0 and "loan_definitions"."example_term_days" >= 1, false))
);
--> statement-breakpoint
-- The two definitions of this build (src/shared/loan/loan-definition.ts, BUILT_IN_DEFINITIONS; a test compares them).
INSERT INTO "loan_definitions" ("id", "code", "version", "product", "name", "min_amount_cents", "max_amount_cents", "amount_step_cents", "monthly_rate_bp", "min_installments", "max_installments", "installments_step", "example_amount_cents", "example_installments", "valid_from")
VALUES (1, 'standard-monthly', 1, 'installment', 'Préstamo a plazos mensual', 200000, 500000, 50000, 611, 12, 24, 4, 250000, 12, '2000-01-01T00:00:00Z');--> statement-breakpoint
INSERT INTO "loan_definitions" ("id", "code", "version", "product", "name", "min_amount_cents", "max_amount_cents", "amount_step_cents", "daily_rate_bp", "default_term_days", "first_loan_free_max_cents", "example_amount_cents", "example_term_days", "valid_from")
VALUES (2, 'mini', 1, 'mini', 'Minipréstamo', 10000, 60000, 5000, 75, 20, 30000, 30000, 20, '2000-01-01T00:00:00Z');--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('loan_definitions', 'id'), 2);--> statement-breakpoint
-- Every loan made before this migration is an instalment loan of definition 1.
ALTER TABLE "loans" ADD COLUMN "loan_definition_id" integer NOT NULL DEFAULT 1;--> statement-breakpoint
ALTER TABLE "loans" ALTER COLUMN "loan_definition_id" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "interest_free" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "loan_definitions_code_version_key" ON "loan_definitions" USING btree ("code","version");--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_loan_definition_id_loan_definitions_id_fk" FOREIGN KEY ("loan_definition_id") REFERENCES "public"."loan_definitions"("id") ON DELETE no action ON UPDATE no action;