-- Events that answer another event or record say which, in a column of their own, so that the
-- store finds them by it rather than by reading their input's JSON.
ALTER TABLE "Event" ADD COLUMN "refersTo" TEXT;

UPDATE "Event" SET "refersTo" = CAST(json_extract("input", '$.sanEventId') AS TEXT)
WHERE "kind" IN ('san-projection', 'san-reaction') AND json_extract("input", '$.sanEventId') IS NOT NULL;

UPDATE "Event" SET "refersTo" = json_extract("input", '$.brokenBond.bondId')
WHERE "kind" = 'san-test' AND json_extract("input", '$.brokenBond.bondId') IS NOT NULL;

CREATE INDEX "Event_guildId_kind_refersTo_idx" ON "Event"("guildId", "kind", "refersTo");
