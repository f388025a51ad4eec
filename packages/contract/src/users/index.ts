export * from './search.js';
export * from './grid.js';
export * from './schemas.js';
export * from './rules.js';
export * from './bulk-menu.js';
export * from './routes.js';
