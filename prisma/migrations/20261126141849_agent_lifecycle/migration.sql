-- Agents before approval (issue 18): names unique after NFKC, case folding and whitespace
-- collapsing, enforced by the database for every writer, withdrawal by the owner, retirement of a
-- played agent its owner deletes, the last failed health check class and HTTP status.

-- The one definition of the comparison key of a name (PostgreSQL normalize() and lower(), which
-- follow Unicode under a UTF-8 database locale). IMMUTABLE, so a generated column may use it.
CREATE FUNCTION agent_name_key(name text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN lower(btrim(regexp_replace(normalize(name, NFKC), '\s+', ' ', 'g')));

ALTER TYPE "AgentApproval" ADD VALUE 'withdrawn';

ALTER TABLE "Agent" ADD COLUMN "healthErrorClass" TEXT,
ADD COLUMN "healthHttpStatus" INTEGER,
ADD COLUMN "retiredAt" TIMESTAMP(3);

-- Existing names that collide once normalised (possible only before this migration) keep their
-- rows: every name after the first of a colliding group is renamed with its id appended.
UPDATE "Agent" a SET name = a.name || ' (' || a.id || ')'
FROM (
  SELECT id, row_number() OVER (PARTITION BY agent_name_key(name) ORDER BY "createdAt", id) AS nth FROM "Agent"
) dup
WHERE dup.id = a.id AND dup.nth > 1;

ALTER TABLE "Agent" ADD COLUMN "nameKey" TEXT NOT NULL GENERATED ALWAYS AS (agent_name_key(name)) STORED;
CREATE UNIQUE INDEX "Agent_nameKey_key" ON "Agent"("nameKey");
