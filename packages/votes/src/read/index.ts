// Reads of votes, spans and the people's leaderboard: (db, params) → plain data with zod schemas.
export {};
