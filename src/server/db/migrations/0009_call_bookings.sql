CREATE TABLE "call_bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"subject" text NOT NULL,
	"slot_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "call_bookings_slot_unique" UNIQUE("slot_id"),
	CONSTRAINT "call_bookings_customer_subject_unique" UNIQUE("customer_id","subject")
);
--> statement-breakpoint
ALTER TABLE "call_bookings" ADD CONSTRAINT "call_bookings_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "call_bookings_starts_at_idx" ON "call_bookings" USING btree ("starts_at");