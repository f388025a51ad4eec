export * from './documents.js';
export * from './routes.js';
export * from './rules.js';
