-- CreateTable
CREATE TABLE "CultistsGame" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "guildId" TEXT NOT NULL,
    "channelId" TEXT NOT NULL,
    "hostId" TEXT NOT NULL,
    "state" JSONB NOT NULL,
    "settings" JSONB,
    "version" INTEGER NOT NULL DEFAULT 0,
    "statusMessageId" TEXT,
    "ended" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "CultistsAction" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "gameId" TEXT NOT NULL,
    "guildId" TEXT NOT NULL,
    "actorId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "action" JSONB NOT NULL,
    "before" JSONB,
    "facts" JSONB NOT NULL,
    "version" INTEGER NOT NULL,
    "undoneAt" DATETIME,
    "undoneBy" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "CultistsAction_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "CultistsGame" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "CultistsCharacter" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "guildId" TEXT NOT NULL,
    "ownerId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "sheet" JSONB NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE INDEX "CultistsGame_guildId_channelId_createdAt_idx" ON "CultistsGame"("guildId", "channelId", "createdAt");

-- CreateIndex
CREATE INDEX "CultistsAction_gameId_id_idx" ON "CultistsAction"("gameId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "CultistsCharacter_guildId_ownerId_key_key" ON "CultistsCharacter"("guildId", "ownerId", "key");
