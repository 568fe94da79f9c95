/**
 * The `skyline` command (`bin/skyline.js`): runs the command its arguments name (`commands.ts`), with the process's
 * streams, and exits with its code.
 */
import { run } from './commands.js';

process.exitCode = await run(process.argv.slice(2));
