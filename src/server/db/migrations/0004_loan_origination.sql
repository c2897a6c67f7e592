CREATE TABLE "bank_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"iban" text NOT NULL,
	"bank_value" text NOT NULL,
	"bank_code" text NOT NULL,
	"holder_name" text NOT NULL,
	"source" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"scrape_session_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"booked_on" date NOT NULL,
	"amount_cents" bigint NOT NULL,
	"description" text NOT NULL,
	"is_salary" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scrape_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"provider" text NOT NULL,
	"status" text NOT NULL,
	"bank_value" text,
	"provider_state" text,
	"polls" integer DEFAULT 0 NOT NULL,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"masked_card_number" text NOT NULL,
	"brand" text NOT NULL,
	"expiry_month" integer NOT NULL,
	"expiry_year" integer NOT NULL,
	"card_status" text NOT NULL,
	"card_sub_status" text,
	"is_active" boolean DEFAULT false NOT NULL,
	"provider_token" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_decisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"outcome" text NOT NULL,
	"limit_cents" integer NOT NULL,
	"rules_version" text NOT NULL,
	"trigger" text NOT NULL,
	"inputs" jsonb NOT NULL,
	"reasons" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loan_flow_drafts" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"flow_id" text NOT NULL,
	"step" text NOT NULL,
	"flow" text NOT NULL,
	"reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loan_flow_screen_visits" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"screen" text NOT NULL,
	"status" text NOT NULL,
	"flow_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transactions" ADD CONSTRAINT "bank_transactions_account_id_bank_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scrape_sessions" ADD CONSTRAINT "scrape_sessions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_decisions" ADD CONSTRAINT "credit_decisions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_flow_drafts" ADD CONSTRAINT "loan_flow_drafts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_flow_screen_visits" ADD CONSTRAINT "loan_flow_screen_visits_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_customer_iban_key" ON "bank_accounts" USING btree ("customer_id","iban");--> statement-breakpoint
CREATE INDEX "bank_accounts_customer_idx" ON "bank_accounts" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "bank_transactions_account_idx" ON "bank_transactions" USING btree ("account_id","booked_on");--> statement-breakpoint
CREATE INDEX "scrape_sessions_customer_idx" ON "scrape_sessions" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "cards_customer_idx" ON "cards" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "credit_decisions_customer_idx" ON "credit_decisions" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "loan_flow_screen_visits_customer_idx" ON "loan_flow_screen_visits" USING btree ("customer_id","created_at");