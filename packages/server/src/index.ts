export { buildApp, type App } from './app.js';
export { configFromEnv, ratingRulesFromEnv, type Config } from './config.js';
export { startServer } from './main.js';
export { openStore } from './db/connect.js';
export { recomputeRatings } from './ratings/recompute.js';
export { setRole } from './moderation/roles.js';
