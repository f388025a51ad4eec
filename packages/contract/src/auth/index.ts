export * from './routes.js';
export * from './session-user.js';
export * from './refs.js';
