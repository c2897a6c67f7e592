ALTER TABLE "loans" ADD COLUMN "first_unpaid_date" date;--> statement-breakpoint
CREATE INDEX "installments_unpaid_loan_idx" ON "installments" USING btree ("loan_id","expected_date") WHERE "installments"."status" = 'notPaid';--> statement-breakpoint
CREATE INDEX "loans_running_first_unpaid_idx" ON "loans" USING btree ("first_unpaid_date","id") WHERE "loans"."status" in ('issued', 'arranged');--> statement-breakpoint
-- loans.first_unpaid_date follows the loan's instalments, whoever writes them (the loan module's writes, the payment
-- module's settle, a restructure, a test or a bench fixture): one set-based update per statement, over the loans the
-- statement touched, and only where the date changes.
CREATE FUNCTION "loans_refresh_first_unpaid"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "loans" AS l SET "first_unpaid_date" = f.first_unpaid
    FROM (
      SELECT c.loan_id, (SELECT min(i."expected_date") FROM "installments" i
                         WHERE i."loan_id" = c.loan_id AND i."status" = 'notPaid') AS first_unpaid
      FROM (SELECT DISTINCT "loan_id" FROM new_rows) c
    ) f
    WHERE l."id" = f.loan_id AND l."first_unpaid_date" IS DISTINCT FROM f.first_unpaid;
  ELSIF TG_OP = 'UPDATE' THEN
    UPDATE "loans" AS l SET "first_unpaid_date" = f.first_unpaid
    FROM (
      SELECT c.loan_id, (SELECT min(i."expected_date") FROM "installments" i
                         WHERE i."loan_id" = c.loan_id AND i."status" = 'notPaid') AS first_unpaid
      FROM (SELECT "loan_id" FROM new_rows UNION SELECT "loan_id" FROM old_rows) c
    ) f
    WHERE l."id" = f.loan_id AND l."first_unpaid_date" IS DISTINCT FROM f.first_unpaid;
  ELSE
    UPDATE "loans" AS l SET "first_unpaid_date" = f.first_unpaid
    FROM (
      SELECT c.loan_id, (SELECT min(i."expected_date") FROM "installments" i
                         WHERE i."loan_id" = c.loan_id AND i."status" = 'notPaid') AS first_unpaid
      FROM (SELECT DISTINCT "loan_id" FROM old_rows) c
    ) f
    WHERE l."id" = f.loan_id AND l."first_unpaid_date" IS DISTINCT FROM f.first_unpaid;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "installments_first_unpaid_insert" AFTER INSERT ON "installments"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "loans_refresh_first_unpaid"();--> statement-breakpoint
CREATE TRIGGER "installments_first_unpaid_update" AFTER UPDATE ON "installments"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "loans_refresh_first_unpaid"();--> statement-breakpoint
CREATE TRIGGER "installments_first_unpaid_delete" AFTER DELETE ON "installments"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "loans_refresh_first_unpaid"();--> statement-breakpoint
UPDATE "loans" AS l SET "first_unpaid_date" = (
  SELECT min(i."expected_date") FROM "installments" i WHERE i."loan_id" = l."id" AND i."status" = 'notPaid'
);
