-- CreateTable
CREATE TABLE "BotState" (
    "key" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "BotState_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "Guild" (
    "id" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "settings" JSONB,

    CONSTRAINT "Guild_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Campaign" (
    "id" TEXT NOT NULL,
    "guildId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "era" TEXT NOT NULL DEFAULT 'modern',
    "isDefault" BOOLEAN NOT NULL DEFAULT false,
    "ruleOptions" JSONB NOT NULL,
    "secretRollMode" TEXT NOT NULL DEFAULT 'ephemeral',
    "gmChannelId" TEXT,
    "sessionNumber" INTEGER NOT NULL DEFAULT 1,
    "customContent" JSONB,
    "extras" JSONB,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Campaign_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CampaignGm" (
    "campaignId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "discordId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CampaignGm_pkey" PRIMARY KEY ("campaignId","kind","discordId")
);

-- CreateTable
CREATE TABLE "ChannelBinding" (
    "guildId" TEXT NOT NULL,
    "channelId" TEXT NOT NULL,
    "campaignId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ChannelBinding_pkey" PRIMARY KEY ("guildId","channelId")
);

-- CreateTable
CREATE TABLE "Protagonist" (
    "id" TEXT NOT NULL,
    "guildId" TEXT NOT NULL,
    "campaignId" TEXT NOT NULL,
    "ownerId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'active',
    "archetype" TEXT NOT NULL,
    "harshness" TEXT NOT NULL DEFAULT 'normal',
    "str" INTEGER NOT NULL,
    "dex" INTEGER NOT NULL,
    "con" INTEGER NOT NULL,
    "int" INTEGER NOT NULL,
    "pow" INTEGER NOT NULL,
    "cha" INTEGER NOT NULL,
    "hpMax" INTEGER NOT NULL,
    "hp" INTEGER NOT NULL,
    "wpMax" INTEGER NOT NULL,
    "wp" INTEGER NOT NULL,
    "san" INTEGER NOT NULL,
    "breakingPoint" INTEGER NOT NULL,
    "adaptViolence" INTEGER NOT NULL DEFAULT 0,
    "adaptedViolence" BOOLEAN NOT NULL DEFAULT false,
    "adaptHelplessness" INTEGER NOT NULL DEFAULT 0,
    "adaptedHelplessness" BOOLEAN NOT NULL DEFAULT false,
    "exhausted" BOOLEAN NOT NULL DEFAULT false,
    "temporarilyInsane" BOOLEAN NOT NULL DEFAULT false,
    "resourcesRating" INTEGER NOT NULL DEFAULT 0,
    "resourcesAtHand" INTEGER NOT NULL DEFAULT 0,
    "resourcesStowed" INTEGER NOT NULL DEFAULT 0,
    "resourcesStorage" INTEGER NOT NULL DEFAULT 0,
    "resourcesChecked" INTEGER NOT NULL DEFAULT 0,
    "notes" TEXT NOT NULL DEFAULT '',
    "creation" JSONB,
    "extras" JSONB,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Protagonist_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Skill" (
    "id" TEXT NOT NULL,
    "protagonistId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "rating" INTEGER NOT NULL,
    "failureMarked" BOOLEAN NOT NULL DEFAULT false,
    "failureMarkVisibleTo" TEXT,

    CONSTRAINT "Skill_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Bond" (
    "id" TEXT NOT NULL,
    "protagonistId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "score" INTEGER NOT NULL,
    "crossedOff" BOOLEAN NOT NULL DEFAULT false,
    "fellowProtagonistId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Bond_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Disorder" (
    "id" TEXT NOT NULL,
    "protagonistId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "threat" TEXT,
    "curedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Disorder_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ActiveProtagonist" (
    "guildId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "campaignId" TEXT NOT NULL,
    "channelId" TEXT NOT NULL,
    "protagonistId" TEXT NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ActiveProtagonist_pkey" PRIMARY KEY ("guildId","userId","campaignId","channelId")
);

-- CreateTable
CREATE TABLE "Event" (
    "id" SERIAL NOT NULL,
    "guildId" TEXT NOT NULL,
    "campaignId" TEXT,
    "actorId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "sessionNumber" INTEGER,
    "input" JSONB NOT NULL,
    "dice" JSONB,
    "before" JSONB,
    "after" JSONB,
    "changed" BOOLEAN NOT NULL DEFAULT false,
    "summary" TEXT NOT NULL,
    "payload" TEXT,
    "payloadVersion" INTEGER,
    "visibility" TEXT NOT NULL DEFAULT 'campaign',
    "undoneById" INTEGER,
    "undoesId" INTEGER,
    "refersTo" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Event_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "EventTarget" (
    "eventId" INTEGER NOT NULL,
    "protagonistId" TEXT NOT NULL,

    CONSTRAINT "EventTarget_pkey" PRIMARY KEY ("eventId","protagonistId")
);

-- CreateTable
CREATE TABLE "CultistsGame" (
    "id" TEXT NOT NULL,
    "guildId" TEXT NOT NULL,
    "channelId" TEXT NOT NULL,
    "hostId" TEXT NOT NULL,
    "state" JSONB NOT NULL,
    "settings" JSONB,
    "version" INTEGER NOT NULL DEFAULT 0,
    "statusMessageId" TEXT,
    "ended" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CultistsGame_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CultistsAction" (
    "id" SERIAL NOT NULL,
    "gameId" TEXT NOT NULL,
    "guildId" TEXT NOT NULL,
    "actorId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "action" JSONB NOT NULL,
    "before" JSONB,
    "facts" JSONB NOT NULL,
    "version" INTEGER NOT NULL,
    "undoneAt" TIMESTAMP(3),
    "undoneBy" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CultistsAction_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CultistsCharacter" (
    "id" TEXT NOT NULL,
    "guildId" TEXT NOT NULL,
    "ownerId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "sheet" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CultistsCharacter_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Campaign_guildId_isDefault_idx" ON "Campaign"("guildId", "isDefault");

-- CreateIndex
CREATE UNIQUE INDEX "Campaign_guildId_name_key" ON "Campaign"("guildId", "name");

-- CreateIndex
CREATE INDEX "ChannelBinding_campaignId_idx" ON "ChannelBinding"("campaignId");

-- CreateIndex
CREATE INDEX "Protagonist_guildId_campaignId_status_idx" ON "Protagonist"("guildId", "campaignId", "status");

-- CreateIndex
CREATE INDEX "Protagonist_guildId_ownerId_idx" ON "Protagonist"("guildId", "ownerId");

-- CreateIndex
CREATE UNIQUE INDEX "Protagonist_campaignId_name_key" ON "Protagonist"("campaignId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "Skill_protagonistId_key_key" ON "Skill"("protagonistId", "key");

-- CreateIndex
CREATE INDEX "Bond_protagonistId_idx" ON "Bond"("protagonistId");

-- CreateIndex
CREATE INDEX "Bond_fellowProtagonistId_idx" ON "Bond"("fellowProtagonistId");

-- CreateIndex
CREATE INDEX "Disorder_protagonistId_idx" ON "Disorder"("protagonistId");

-- CreateIndex
CREATE INDEX "ActiveProtagonist_protagonistId_idx" ON "ActiveProtagonist"("protagonistId");

-- CreateIndex
CREATE UNIQUE INDEX "Event_undoneById_key" ON "Event"("undoneById");

-- CreateIndex
CREATE UNIQUE INDEX "Event_undoesId_key" ON "Event"("undoesId");

-- CreateIndex
CREATE INDEX "Event_guildId_campaignId_id_idx" ON "Event"("guildId", "campaignId", "id");

-- CreateIndex
CREATE INDEX "Event_guildId_kind_id_idx" ON "Event"("guildId", "kind", "id");

-- CreateIndex
CREATE INDEX "Event_guildId_kind_refersTo_idx" ON "Event"("guildId", "kind", "refersTo");

-- CreateIndex
CREATE INDEX "EventTarget_protagonistId_eventId_idx" ON "EventTarget"("protagonistId", "eventId");

-- CreateIndex
CREATE INDEX "CultistsGame_guildId_channelId_createdAt_idx" ON "CultistsGame"("guildId", "channelId", "createdAt");

-- CreateIndex
CREATE INDEX "CultistsAction_gameId_id_idx" ON "CultistsAction"("gameId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "CultistsCharacter_guildId_ownerId_key_key" ON "CultistsCharacter"("guildId", "ownerId", "key");

-- AddForeignKey
ALTER TABLE "Campaign" ADD CONSTRAINT "Campaign_guildId_fkey" FOREIGN KEY ("guildId") REFERENCES "Guild"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CampaignGm" ADD CONSTRAINT "CampaignGm_campaignId_fkey" FOREIGN KEY ("campaignId") REFERENCES "Campaign"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ChannelBinding" ADD CONSTRAINT "ChannelBinding_campaignId_fkey" FOREIGN KEY ("campaignId") REFERENCES "Campaign"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Protagonist" ADD CONSTRAINT "Protagonist_campaignId_fkey" FOREIGN KEY ("campaignId") REFERENCES "Campaign"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Skill" ADD CONSTRAINT "Skill_protagonistId_fkey" FOREIGN KEY ("protagonistId") REFERENCES "Protagonist"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Bond" ADD CONSTRAINT "Bond_protagonistId_fkey" FOREIGN KEY ("protagonistId") REFERENCES "Protagonist"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Bond" ADD CONSTRAINT "Bond_fellowProtagonistId_fkey" FOREIGN KEY ("fellowProtagonistId") REFERENCES "Protagonist"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Disorder" ADD CONSTRAINT "Disorder_protagonistId_fkey" FOREIGN KEY ("protagonistId") REFERENCES "Protagonist"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ActiveProtagonist" ADD CONSTRAINT "ActiveProtagonist_protagonistId_fkey" FOREIGN KEY ("protagonistId") REFERENCES "Protagonist"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Event" ADD CONSTRAINT "Event_undoneById_fkey" FOREIGN KEY ("undoneById") REFERENCES "Event"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EventTarget" ADD CONSTRAINT "EventTarget_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "Event"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EventTarget" ADD CONSTRAINT "EventTarget_protagonistId_fkey" FOREIGN KEY ("protagonistId") REFERENCES "Protagonist"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CultistsAction" ADD CONSTRAINT "CultistsAction_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "CultistsGame"("id") ON DELETE CASCADE ON UPDATE CASCADE;
