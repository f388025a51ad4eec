export * from './link-settings.js';
export * from './routes.js';
