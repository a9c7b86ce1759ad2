-- AlterTable
ALTER TABLE "Skill" ADD COLUMN "failureMarkVisibleTo" TEXT;
