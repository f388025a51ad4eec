export * from './params.js';
export * from './routes.js';
