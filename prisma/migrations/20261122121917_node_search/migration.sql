-- Sandbox search (SPEC §12): a generated full-text vector over every node, ranked by
-- title (A) > description (B) > content (C). Content is capped at 200k characters so an
-- oversized untrusted page cannot exceed PostgreSQL's 1 MB tsvector limit and fail the insert.
ALTER TABLE "Node" ADD COLUMN "search" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english'::regconfig, coalesce("title", '')), 'A') ||
  setweight(to_tsvector('english'::regconfig, coalesce("description", '')), 'B') ||
  setweight(to_tsvector('english'::regconfig, left(coalesce("content", ''), 200000)), 'C')
) STORED;

CREATE INDEX "Node_search_idx" ON "Node" USING GIN ("search");

-- URL indexes: btree rows are limited to 2704 bytes and real crawled URLs are longer (the
-- DR-Arena trees contain 3.2 kB URLs), so the btree indexes on url are replaced by one hash
-- index (equality lookups within a tree and across trees for the sandbox).
DROP INDEX "Node_treeId_url_idx";
DROP INDEX "LinkContext_nodeId_url_idx";
CREATE INDEX "Node_url_idx" ON "Node" USING HASH ("url");
