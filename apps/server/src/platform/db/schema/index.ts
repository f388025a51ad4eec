export * from './reference.js';
export * from './schools.js';
export * from './users.js';
export * from './catalogue.js';
export * from './security.js';
export * from './settings.js';
export * from './workflows.js';
