export * from './conformance.js';
export * from './helpers.js';
