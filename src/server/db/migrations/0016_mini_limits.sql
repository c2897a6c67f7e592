ALTER TABLE "customers" ADD COLUMN "mini_limit_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_decisions" ADD COLUMN "mini_limit_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Customers approved before the minipréstamo existed get its starting limit (the interest-free first loan's 300 €);
-- their later repayments grow it like anyone's (docs/rules/payments.md "Limit growth").
UPDATE "customers" SET "mini_limit_cents" = 30000 WHERE "credit_limit_cents" > 0;
