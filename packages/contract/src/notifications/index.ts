export * from './audience.js';
export * from './routes.js';
