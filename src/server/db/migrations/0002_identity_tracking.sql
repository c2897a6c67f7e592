CREATE TABLE "affiliate_clicks" (
	"id" serial PRIMARY KEY NOT NULL,
	"unique_client_id" text NOT NULL,
	"history" jsonb NOT NULL,
	"utm_campaign" text,
	"uid" text,
	"mykredit_ref" text,
	"campaign_id" text,
	"customer_id" integer,
	"attached_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "communication_permission_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"allow_email" boolean NOT NULL,
	"allow_sms" boolean NOT NULL,
	"allow_3cx_calls" boolean NOT NULL,
	"source" text NOT NULL,
	"campaign_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "communication_permissions" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"allow_email" boolean NOT NULL,
	"allow_sms" boolean NOT NULL,
	"allow_3cx_calls" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_addresses" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"street" text NOT NULL,
	"street_number" text NOT NULL,
	"floor" text,
	"postcode" text NOT NULL,
	"city" text NOT NULL,
	"province" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "repay_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"customer_id" integer NOT NULL,
	"loan_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"use_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "affiliate_clicks" ADD CONSTRAINT "affiliate_clicks_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communication_permission_history" ADD CONSTRAINT "communication_permission_history_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communication_permissions" ADD CONSTRAINT "communication_permissions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_addresses" ADD CONSTRAINT "customer_addresses_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repay_tokens" ADD CONSTRAINT "repay_tokens_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repay_tokens" ADD CONSTRAINT "repay_tokens_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "affiliate_clicks_client_idx" ON "affiliate_clicks" USING btree ("unique_client_id");--> statement-breakpoint
CREATE INDEX "affiliate_clicks_customer_idx" ON "affiliate_clicks" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "communication_permission_history_customer_idx" ON "communication_permission_history" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "repay_tokens_token_hash_key" ON "repay_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "repay_tokens_customer_idx" ON "repay_tokens" USING btree ("customer_id");