export * from './params.js';
export * from './routes.js';
export * from './contact.js';
export * from './credentials.js';
export * from './asm.js';
export * from './ecole-directe.js';
export * from './default-applications.js';
