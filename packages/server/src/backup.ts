/**
 * `@skyline/server/backup`: what `skyline backup`, `restore` and `migrate` need of the server (its database layer, its
 * replay and its ratings), without loading the web server itself: the commands start in a fraction of the time.
 */
export { backupDatabase, type BackupSummary, type DatabaseLocation } from './db/backup/backup.js';
export { restoreBackup, verifyBackup, type RestoreSummary } from './db/backup/restore.js';
export { checkCounts, checkGames, checkRatings } from './db/backup/checks.js';
export { BackupRefusal } from './db/backup/format.js';
export { openStore } from './db/connect.js';
export { ratingRulesFromEnv } from './config.js';
