export * from './routes.js';
export * from './rules.js';
export * from './schemas.js';
export * from './steps.js';
