ALTER TABLE "loan_restructures" ADD COLUMN "document" jsonb;--> statement-breakpoint
ALTER TABLE "loan_restructures" ADD COLUMN "document_digest" text;