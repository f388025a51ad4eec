export * from './routes.js';
export * from './print-log.js';
