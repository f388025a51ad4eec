export * from './uploads.js';
