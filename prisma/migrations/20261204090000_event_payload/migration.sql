-- AlterTable
ALTER TABLE "Event" ADD COLUMN "payload" TEXT;
ALTER TABLE "Event" ADD COLUMN "payloadVersion" INTEGER;
