CREATE TABLE "customer_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"staff_user_id" integer NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "sub_status" text;--> statement-breakpoint
ALTER TABLE "customer_comments" ADD CONSTRAINT "customer_comments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_comments" ADD CONSTRAINT "customer_comments_staff_user_id_staff_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_comments_customer_idx" ON "customer_comments" USING btree ("customer_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);