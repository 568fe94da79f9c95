export * from './places.js';
export * from './pairing.js';
export * from './scoring.js';
export * from './standings.js';
export * from './deals.js';
