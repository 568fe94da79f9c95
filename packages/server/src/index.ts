export { buildApp, type App } from './app.js';
export { configFromEnv, ratingRulesFromEnv, type Config } from './config.js';
export { startServer } from './main.js';
export { openStore } from './db/connect.js';
export { recomputeRatings } from './ratings/recompute.js';
export { backupDatabase, type BackupSummary, type DatabaseLocation } from './db/backup/backup.js';
export { restoreBackup, verifyBackup, type RestoreSummary } from './db/backup/restore.js';
export { checkCounts, checkGames, checkRatings } from './db/backup/checks.js';
export { BackupRefusal } from './db/backup/format.js';
