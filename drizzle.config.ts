import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes SQL migrations to drizzle/ from the schema; it needs no database.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/server/db/schema.ts', './src/server/db/schema-accounts.ts', './src/server/db/schema-autobet.ts', './src/server/db/schema-resettlement.ts', './src/server/db/schema-favorites.ts'],
  out: './drizzle',
});
