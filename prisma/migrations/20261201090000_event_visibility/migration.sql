-- AlterTable
ALTER TABLE "Event" ADD COLUMN "visibility" TEXT NOT NULL DEFAULT 'campaign';
