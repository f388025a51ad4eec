export * from './applications.js';
export * from './catalogue.js';
export * from './link-settings.js';
export * from './platforms.js';
export * from './regex-settings.js';
export * from './routes.js';
export * from './token-purges.js';
