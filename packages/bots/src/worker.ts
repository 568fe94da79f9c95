/**
 * A bot's thinking in a worker thread (`new Worker(new URL('./worker.js', import.meta.url))` from
 * `@skyline/bots/worker`), so that no other table waits for it: each message is a `BotRequest`, each reply a
 * `BotResponse`.
 */
import { parentPort } from 'node:worker_threads';
import { answer, type BotRequest } from './request.js';

const port = parentPort;
if (port) port.on('message', (request: BotRequest) => port.postMessage(answer(request)));
