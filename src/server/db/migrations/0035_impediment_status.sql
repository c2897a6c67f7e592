ALTER TABLE "loan_impediments" ADD COLUMN "status" text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_impediments" ADD COLUMN "handled_by_staff_id" integer;--> statement-breakpoint
ALTER TABLE "loan_impediments" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "loan_impediments" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "loan_impediments" ADD CONSTRAINT "loan_impediments_handled_by_staff_id_staff_users_id_fk" FOREIGN KEY ("handled_by_staff_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loan_impediments_status_idx" ON "loan_impediments" USING btree ("status","created_at");