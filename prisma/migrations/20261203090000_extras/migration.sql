-- AlterTable
ALTER TABLE "Campaign" ADD COLUMN "extras" JSONB;

-- AlterTable
ALTER TABLE "Protagonist" ADD COLUMN "extras" JSONB;
