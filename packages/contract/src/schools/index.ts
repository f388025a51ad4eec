export * from './limits.js';
export * from './new-school.js';
export * from './routes.js';
export * from './schemas.js';
export * from './deployment.js';
