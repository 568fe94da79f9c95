/**
 * A bot's thinking in a worker thread (`new Worker(new URL('./worker.js', import.meta.url))` from
 * `@skyline/bots/worker`), so that no other table waits for it: each message is a `BotRequest`, each reply a
 * `BotResponse`; or a decision of a finished game to review (`ReviewRequest`, answered by a `ReviewResponse`).
 */
import { parentPort } from 'node:worker_threads';
import { answer, answerReview, type BotRequest, type ReviewRequest } from './request.js';

const port = parentPort;
if (port)
  port.on('message', (request: BotRequest | ReviewRequest) =>
    port.postMessage('kind' in request ? answerReview(request) : answer(request)),
  );
