/**
 * How long each text of a user may be, in characters, named once: the request schemas, the bulk
 * changes and the import check against these. The tablet number's bound is the spec's (spec 3
 * §9) and its column's; the others are this product's.
 */
export const USER_TEXT_LIMITS = {
  /** First and last names. */
  name: 100,
  login: 100,
  /** A password as typed (the add-user panel, the user page). */
  password: 128,
  /** RFC 5321's bound on an address. */
  email: 254,
  level: 50,
  className: 100,
  subject: 100,
  comment: 500,
  tabletNumber: 12,
  /** An option's name. */
  option: 100,
  /** A platform login or a platform password of an application. */
  platformCredential: 200,
  /** An application's code (its keys). */
  applicationCode: 500,
  /** One PNE key (an Educadhoc key) to activate. */
  pneKey: 100,
} as const;

/** A user has at most this many options, and is given at most this many applications in one request. */
export const MAX_OPTIONS_PER_USER = 50;
export const MAX_APPLICATIONS_PER_REQUEST = 200;
/** A teacher has at most this many PNE keys activated in one request. */
export const MAX_PNE_KEYS = 50;
