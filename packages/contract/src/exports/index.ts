export * from './dialects.js';
export * from './routes.js';
export * from './rosters.js';
export * from './roster-validator.js';
