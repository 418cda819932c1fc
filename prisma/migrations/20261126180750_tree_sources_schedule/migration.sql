-- Fresh trees on a schedule (issue 22): topic sources, the one schedule, and which crawls it started
CREATE TYPE "TopicSourceKind" AS ENUM ('hub', 'feed', 'sitemap', 'search');

CREATE TABLE "TopicSource" (
    "id" TEXT NOT NULL,
    "kind" "TopicSourceKind" NOT NULL,
    "value" TEXT NOT NULL,
    "provider" TEXT,
    "endpoint" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "TopicSource_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "TopicSource_kind_value_key" ON "TopicSource"("kind", "value");

CREATE TABLE "TreeSchedule" (
    "id" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT false,
    "everyHours" INTEGER NOT NULL DEFAULT 24,
    "treesPerRun" INTEGER NOT NULL DEFAULT 2,
    "maxAgeDays" INTEGER,
    "maxDepth" INTEGER NOT NULL DEFAULT 2,
    "fanOut" INTEGER NOT NULL DEFAULT 5,
    "lastRunAt" TIMESTAMP(3),
    "lastRunNote" TEXT,
    CONSTRAINT "TreeSchedule_pkey" PRIMARY KEY ("id")
);

ALTER TABLE "CrawlJob" ADD COLUMN "scheduled" BOOLEAN NOT NULL DEFAULT false;
