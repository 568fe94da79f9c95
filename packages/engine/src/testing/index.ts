export * from './conformance.js';
export * from './helpers.js';
export * from './positions.js';
export * from './breakdown.js';
export * from './words.js';
