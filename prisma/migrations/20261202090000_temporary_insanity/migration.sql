-- AlterTable
ALTER TABLE "Protagonist" ADD COLUMN "temporarilyInsane" BOOLEAN NOT NULL DEFAULT false;
