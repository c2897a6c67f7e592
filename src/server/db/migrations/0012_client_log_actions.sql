CREATE TABLE "client_log_actions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"client_log_id" integer NOT NULL,
	"action" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "client_log_actions" ADD CONSTRAINT "client_log_actions_client_log_id_client_logs_id_fk" FOREIGN KEY ("client_log_id") REFERENCES "public"."client_logs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_log_actions_log_idx" ON "client_log_actions" USING btree ("client_log_id","id");--> statement-breakpoint
-- The actions stored so far move to their own rows, in the order they were sent.
INSERT INTO "client_log_actions" ("client_log_id", "action", "created_at")
SELECT l."id", e.value, l."updated_at"
FROM "client_logs" l, jsonb_array_elements(l."actions") WITH ORDINALITY AS e(value, position)
ORDER BY l."id", e.position;--> statement-breakpoint
ALTER TABLE "client_logs" DROP COLUMN "actions";