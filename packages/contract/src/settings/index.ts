export * from './link-settings.js';
export * from './regex-settings.js';
export * from './routes.js';
