CREATE TABLE "card_status_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"card_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"changed_by" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "card_three_ds_sessions" ADD COLUMN "provider_state" text;--> statement-breakpoint
ALTER TABLE "card_status_history" ADD CONSTRAINT "card_status_history_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_status_history_card_idx" ON "card_status_history" USING btree ("card_id","created_at");--> statement-breakpoint
CREATE INDEX "card_three_ds_sessions_transaction_idx" ON "card_three_ds_sessions" USING btree ("transaction_id");