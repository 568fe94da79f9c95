/**
 * `@skyline/server/backup`: what `skyline backup`, `restore` and `migrate` need of the server (its database layer, its
 * replay and its ratings), without loading the web server itself: the commands start in a fraction of the time.
 */
export { backupDatabase, type BackupSummary, type DatabaseLocation } from './backup/backup.js';
export { restoreBackup, verifyBackup, type RestoreSummary } from './backup/restore.js';
export { checkCounts, checkGames, checkRatings } from './backup/checks.js';
export { BackupRefusal } from './backup/format.js';
export { openStore } from './db/connect.js';
export { ratingRulesFromEnv } from './config.js';
