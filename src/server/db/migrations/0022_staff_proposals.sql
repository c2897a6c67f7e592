CREATE TABLE "staff_proposals" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" integer NOT NULL,
	"payload" jsonb NOT NULL,
	"current" jsonb NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"proposed_by" integer NOT NULL,
	"proposed_at" timestamp with time zone NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"decision_note" text,
	CONSTRAINT "staff_proposals_checker_check" CHECK ("staff_proposals"."decided_by" IS NULL OR "staff_proposals"."decided_by" <> "staff_proposals"."proposed_by")
);
--> statement-breakpoint
ALTER TABLE "staff_proposals" ADD CONSTRAINT "staff_proposals_proposed_by_staff_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_proposals" ADD CONSTRAINT "staff_proposals_decided_by_staff_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_proposals_one_pending" ON "staff_proposals" USING btree ("kind","subject_type","subject_id") WHERE "staff_proposals"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "staff_proposals_inbox_idx" ON "staff_proposals" USING btree ("status","proposed_at" DESC NULLS LAST,"id" DESC NULLS LAST);