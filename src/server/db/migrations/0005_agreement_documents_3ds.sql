CREATE TABLE "card_three_ds_sessions" (
	"track_id" text PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"card_id" integer NOT NULL,
	"transaction_id" text NOT NULL,
	"scenario" text NOT NULL,
	"state" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"type" text NOT NULL,
	"sub_type" text,
	"card_id" integer,
	"name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"channel" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "agreement_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "payout_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "card_three_ds_sessions" ADD CONSTRAINT "card_three_ds_sessions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_three_ds_sessions" ADD CONSTRAINT "card_three_ds_sessions_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_three_ds_sessions_customer_idx" ON "card_three_ds_sessions" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "documents_customer_type_idx" ON "documents" USING btree ("customer_id","type");--> statement-breakpoint
CREATE INDEX "loans_payout_due_idx" ON "loans" USING btree ("status","payout_due_at");--> statement-breakpoint
-- Cards stored before this migration kept ten digits after six asterisks; PCI DSS allows at most the first six and
-- the last four, so keep the last four only.
UPDATE "cards" SET "masked_card_number" = repeat('*', 12) || right("masked_card_number", 4) WHERE "masked_card_number" LIKE '******%';
