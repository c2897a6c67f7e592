CREATE TABLE "handover_introductions" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_hash" text NOT NULL,
	"customer_id" integer NOT NULL,
	"created_by_staff_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"void_reason" text,
	"wrong_codes" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "handover_introductions" ADD CONSTRAINT "handover_introductions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handover_introductions" ADD CONSTRAINT "handover_introductions_created_by_staff_id_staff_users_id_fk" FOREIGN KEY ("created_by_staff_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "handover_introductions_id_hash_key" ON "handover_introductions" USING btree ("id_hash");--> statement-breakpoint
CREATE INDEX "handover_introductions_customer_idx" ON "handover_introductions" USING btree ("customer_id");