-- The llm examiner samples generation and judgement at their own temperatures (0.7 and 0.1, as
-- the reference implementation). Existing configurations used one temperature for both calls and
-- keep it, so their verdicts (and ratings) stay comparable. They also keep their prompt version.
ALTER TABLE "ExaminerConfig"
ADD COLUMN     "generationTemperature" DOUBLE PRECISION NOT NULL DEFAULT 0.7,
ADD COLUMN     "judgeTemperature" DOUBLE PRECISION NOT NULL DEFAULT 0.1;

UPDATE "ExaminerConfig" SET "generationTemperature" = "temperature", "judgeTemperature" = "temperature";

ALTER TABLE "ExaminerConfig" DROP COLUMN "temperature",
ALTER COLUMN "promptVersion" SET DEFAULT 'v2';
