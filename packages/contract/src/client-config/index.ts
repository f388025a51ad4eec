export * from './routes.js';
export * from './refs.js';
