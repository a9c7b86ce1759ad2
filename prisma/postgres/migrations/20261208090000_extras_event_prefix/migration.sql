-- An Extra's event kinds carry its module's id: Training and Talents' talent events are renamed
-- so that the log says whose they are.
UPDATE "Event" SET "kind" = 'training-talent-check' WHERE "kind" = 'talent-check';
UPDATE "Event" SET "kind" = 'training-talent-approve' WHERE "kind" = 'talent-approve';
