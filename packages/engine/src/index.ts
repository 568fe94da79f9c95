export * from './contract.js';
export * from './play.js';
export * from './record.js';
export * from './rng.js';
export * from './moves.js';
export * from './actors.js';
