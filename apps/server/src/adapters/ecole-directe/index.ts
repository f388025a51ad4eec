export {
  createEcoleDirecteSource,
  EcoleDirecteError,
  type EcoleDirecteFailure,
  type EcoleDirectePerson,
  type EcoleDirecteRoster,
  type EcoleDirecteSourceConfig,
  type RosterQuery,
  type SchoolRosterSource,
} from './school-roster.js';
