export * from './audience.js';
export * from './history.js';
export * from './routes.js';
export * from './sending.js';
