CREATE TABLE "complaint_cases" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"loan_id" integer,
	"channel" text NOT NULL,
	"category" text NOT NULL,
	"subject" text NOT NULL,
	"description" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"deadline_rule" text NOT NULL,
	"due_on" date NOT NULL,
	"assigned_staff_id" integer,
	"status" text DEFAULT 'open' NOT NULL,
	"resolution" text,
	"answer_text" text,
	"answered_at" timestamp with time zone,
	"void_reason" text,
	"voided_at" timestamp with time zone,
	"voided_by" integer,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "complaint_status_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"complaint_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"changed_by" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "complaint_cases" ADD CONSTRAINT "complaint_cases_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_cases" ADD CONSTRAINT "complaint_cases_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_cases" ADD CONSTRAINT "complaint_cases_assigned_staff_id_staff_users_id_fk" FOREIGN KEY ("assigned_staff_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_cases" ADD CONSTRAINT "complaint_cases_voided_by_staff_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_cases" ADD CONSTRAINT "complaint_cases_created_by_staff_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_status_history" ADD CONSTRAINT "complaint_status_history_complaint_id_complaint_cases_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."complaint_cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "complaint_cases_due_idx" ON "complaint_cases" USING btree ("due_on","id");--> statement-breakpoint
CREATE INDEX "complaint_cases_status_due_idx" ON "complaint_cases" USING btree ("status","due_on","id");--> statement-breakpoint
CREATE INDEX "complaint_cases_customer_idx" ON "complaint_cases" USING btree ("customer_id","due_on");--> statement-breakpoint
CREATE INDEX "complaint_cases_assigned_idx" ON "complaint_cases" USING btree ("assigned_staff_id","status","due_on");--> statement-breakpoint
CREATE INDEX "complaint_status_history_complaint_idx" ON "complaint_status_history" USING btree ("complaint_id","created_at");