-- Every beginning of every word of a folded name ('jose garcia' → 'g' 'ga' … 'garcia' 'j' 'jo' … 'jose'), for the
-- staff's name search (docs/backoffice.md §5): a word being typed is one exact lexeme of the GIN index. Words are split
-- as normalizeForSearch's callers split a query (anything but a-z and 0-9). Immutable: a generated column uses it.
CREATE OR REPLACE FUNCTION search_prefixes(name text) RETURNS tsvector
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
  SELECT array_to_tsvector(coalesce(array_agg(left(word, n)), '{}'::text[]))
  FROM regexp_split_to_table(name, '[^a-z0-9]+') AS word, generate_series(1, length(word)) AS n
$$;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "search_prefixes" "tsvector" GENERATED ALWAYS AS (search_prefixes(btrim(regexp_replace(lower(translate(first_name || ' ' || last_name, 'áàäâãéèëêíìïîóòöôõúùüûñçÁÀÄÂÃÉÈËÊÍÌÏÎÓÒÖÔÕÚÙÜÛÑÇ', 'aaaaaeeeeiiiiooooouuuuncAAAAAEEEEIIIIOOOOOUUUUNC')), '[[:space:]]+', ' ', 'g')))) STORED;--> statement-breakpoint
CREATE INDEX "customers_search_prefixes_idx" ON "customers" USING gin ("search_prefixes");