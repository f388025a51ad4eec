export * from './check.js';
export * from './columns.js';
export * from './lines.js';
export * from './modes.js';
export * from './problems.js';
export * from './batch.js';
export * from './history.js';
export * from './ecole-directe.js';
