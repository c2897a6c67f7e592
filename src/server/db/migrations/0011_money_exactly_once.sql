CREATE TABLE "rate_limit_counters" (
	"budget" text NOT NULL,
	"key" text NOT NULL,
	"hits" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rate_limit_counters_budget_key_pk" PRIMARY KEY("budget","key")
);
--> statement-breakpoint
CREATE TABLE "sandbox_provider_operations" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"outcome" text NOT NULL,
	"amount_cents" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "server_instances" (
	"id" text PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"heartbeat_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "instance_id" text;--> statement-breakpoint
ALTER TABLE "direct_transfer_orders" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "instance_id" text;--> statement-breakpoint
CREATE INDEX "rate_limit_counters_reset_idx" ON "rate_limit_counters" USING btree ("reset_at");--> statement-breakpoint
CREATE INDEX "server_instances_heartbeat_idx" ON "server_instances" USING btree ("heartbeat_at");--> statement-breakpoint
CREATE UNIQUE INDEX "direct_transfer_orders_idempotency_key_idx" ON "direct_transfer_orders" USING btree ("customer_id","idempotency_key") WHERE idempotency_key is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_idempotency_key_idx" ON "payments" USING btree ("customer_id","idempotency_key") WHERE idempotency_key is not null;--> statement-breakpoint
CREATE INDEX "payments_pending_idx" ON "payments" USING btree ("created_at") WHERE status = 'pending';