DROP INDEX "installments_unpaid_loan_idx";--> statement-breakpoint
CREATE INDEX "installments_unpaid_loan_idx" ON "installments" USING btree ("loan_id","expected_date") WHERE "installments"."status" in ('notPaid', 'arranged');--> statement-breakpoint
-- The first unpaid date counts every payable instalment, as the Loan view, the early closure and the collection
-- statuses do: `notPaid`, and `arranged` (an arrangement's plan).
CREATE OR REPLACE FUNCTION "loans_refresh_first_unpaid"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "loans" AS l SET "first_unpaid_date" = f.first_unpaid
    FROM (
      SELECT c.loan_id, (SELECT min(i."expected_date") FROM "installments" i
                         WHERE i."loan_id" = c.loan_id AND i."status" IN ('notPaid', 'arranged')) AS first_unpaid
      FROM (SELECT DISTINCT "loan_id" FROM new_rows) c
    ) f
    WHERE l."id" = f.loan_id AND l."first_unpaid_date" IS DISTINCT FROM f.first_unpaid;
  ELSIF TG_OP = 'UPDATE' THEN
    UPDATE "loans" AS l SET "first_unpaid_date" = f.first_unpaid
    FROM (
      SELECT c.loan_id, (SELECT min(i."expected_date") FROM "installments" i
                         WHERE i."loan_id" = c.loan_id AND i."status" IN ('notPaid', 'arranged')) AS first_unpaid
      FROM (SELECT "loan_id" FROM new_rows UNION SELECT "loan_id" FROM old_rows) c
    ) f
    WHERE l."id" = f.loan_id AND l."first_unpaid_date" IS DISTINCT FROM f.first_unpaid;
  ELSE
    UPDATE "loans" AS l SET "first_unpaid_date" = f.first_unpaid
    FROM (
      SELECT c.loan_id, (SELECT min(i."expected_date") FROM "installments" i
                         WHERE i."loan_id" = c.loan_id AND i."status" IN ('notPaid', 'arranged')) AS first_unpaid
      FROM (SELECT DISTINCT "loan_id" FROM old_rows) c
    ) f
    WHERE l."id" = f.loan_id AND l."first_unpaid_date" IS DISTINCT FROM f.first_unpaid;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
UPDATE "loans" AS l SET "first_unpaid_date" = (
  SELECT min(i."expected_date") FROM "installments" i
  WHERE i."loan_id" = l."id" AND i."status" IN ('notPaid', 'arranged')
) WHERE l."first_unpaid_date" IS DISTINCT FROM (
  SELECT min(i."expected_date") FROM "installments" i
  WHERE i."loan_id" = l."id" AND i."status" IN ('notPaid', 'arranged')
);
