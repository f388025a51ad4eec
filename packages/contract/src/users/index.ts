export * from './search.js';
export * from './grid.js';
export * from './schemas.js';
export * from './user-page.js';
export * from './add-user.js';
export * from './status.js';
export * from './bulk.js';
export * from './messaging.js';
export * from './limits.js';
export {
  CREDENTIAL_FIELDS,
  CREDENTIAL_NAMES,
  credentialErrorPaths,
  credentialsOf,
  missingNameErrors,
  NAME_FIELD_PATHS,
  toWireCredentials,
  userFieldSchemas,
  type CredentialField,
  type GivenCredentials,
  type WireCredentials,
} from './fields.js';
export * from './rules.js';
export * from './bulk-menu.js';
export * from './routes.js';
