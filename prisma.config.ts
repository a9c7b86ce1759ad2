import { defineConfig } from "prisma/config";

// Prisma 7 reads the datasource URL from here (CLI only; the bot builds its own adapter).
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "file:./data/cthulhu-eternal.db" },
});
