-- What people look for about an agent: who makes it and where to read about it.
ALTER TABLE "Agent" ADD COLUMN "organisation" TEXT;
ALTER TABLE "Agent" ADD COLUMN "link" TEXT;
