-- A tree's content fingerprint (re-upload detection) and its retirement (new matches skip it).
ALTER TABLE "Tree" ADD COLUMN "contentHash" TEXT;
ALTER TABLE "Tree" ADD COLUMN "retiredAt" TIMESTAMP(3);
CREATE INDEX "Tree_rootUrl_contentHash_idx" ON "Tree"("rootUrl", "contentHash");
