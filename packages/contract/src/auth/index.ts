export * from './routes.js';
export * from './session-user.js';
