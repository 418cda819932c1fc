-- Tournament budgets (issue 22): an optional cost cap and per-agent cap in USD, and why a
-- tournament paused (the cap it reached), shown on its page
ALTER TABLE "Tournament" ADD COLUMN "costCapUsd" DOUBLE PRECISION,
ADD COLUMN "agentCapUsd" DOUBLE PRECISION,
ADD COLUMN "pauseReason" TEXT;
