CREATE TABLE "call_timing_definitions" (
	"id" serial PRIMARY KEY NOT NULL,
	"weekday" integer,
	"on_date" date,
	"starts_at" time NOT NULL,
	"ends_at" time NOT NULL,
	"capacity" integer DEFAULT 1 NOT NULL,
	"staff_user_id" integer,
	"kind" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "call_timing_definitions_day_check" CHECK (("call_timing_definitions"."weekday" IS NULL) <> ("call_timing_definitions"."on_date" IS NULL)),
	CONSTRAINT "call_timing_definitions_weekday_check" CHECK ("call_timing_definitions"."weekday" IS NULL OR "call_timing_definitions"."weekday" BETWEEN 1 AND 7),
	CONSTRAINT "call_timing_definitions_times_check" CHECK ("call_timing_definitions"."starts_at" < "call_timing_definitions"."ends_at"),
	CONSTRAINT "call_timing_definitions_capacity_check" CHECK ("call_timing_definitions"."capacity" > 0)
);
--> statement-breakpoint
CREATE TABLE "todo_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer,
	"loan_id" integer,
	"complaint_id" integer,
	"call_booking_id" integer,
	"assigned_staff_id" integer,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"notes" text,
	"due_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"done_at" timestamp with time zone,
	"done_by" integer,
	"outcome" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "todo_items_call_booking_unique" UNIQUE("call_booking_id")
);
--> statement-breakpoint
ALTER TABLE "call_bookings" DROP CONSTRAINT "call_bookings_slot_unique";--> statement-breakpoint
ALTER TABLE "call_timing_definitions" ADD CONSTRAINT "call_timing_definitions_staff_user_id_staff_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_timing_definitions" ADD CONSTRAINT "call_timing_definitions_created_by_staff_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todo_items" ADD CONSTRAINT "todo_items_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todo_items" ADD CONSTRAINT "todo_items_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todo_items" ADD CONSTRAINT "todo_items_call_booking_id_call_bookings_id_fk" FOREIGN KEY ("call_booking_id") REFERENCES "public"."call_bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todo_items" ADD CONSTRAINT "todo_items_assigned_staff_id_staff_users_id_fk" FOREIGN KEY ("assigned_staff_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todo_items" ADD CONSTRAINT "todo_items_done_by_staff_users_id_fk" FOREIGN KEY ("done_by") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todo_items" ADD CONSTRAINT "todo_items_created_by_staff_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "call_timing_definitions_on_date_idx" ON "call_timing_definitions" USING btree ("on_date");--> statement-breakpoint
CREATE INDEX "todo_items_assigned_idx" ON "todo_items" USING btree ("assigned_staff_id","status","due_at");--> statement-breakpoint
CREATE INDEX "todo_items_customer_idx" ON "todo_items" USING btree ("customer_id","due_at");--> statement-breakpoint
CREATE INDEX "todo_items_due_idx" ON "todo_items" USING btree ("due_at","id");--> statement-breakpoint
CREATE INDEX "call_bookings_slot_idx" ON "call_bookings" USING btree ("slot_id");--> statement-breakpoint
INSERT INTO "call_timing_definitions" ("weekday", "starts_at", "ends_at", "capacity", "kind") VALUES
	(1, '09:00', '21:00', 1, 'open'),
	(2, '09:00', '21:00', 1, 'open'),
	(3, '09:00', '21:00', 1, 'open'),
	(4, '09:00', '21:00', 1, 'open'),
	(5, '09:00', '21:00', 1, 'open'),
	(6, '10:00', '14:00', 1, 'open');
