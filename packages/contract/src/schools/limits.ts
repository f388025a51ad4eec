/**
 * How long each text of a school may be, in characters, named once: the new-school schemas (a
 * directory record, the foreign-school form), the form's fields and the school settings check
 * against these. The UAI's shape is rules/uai.ts.
 */
export const SCHOOL_TEXT_LIMITS = {
  name: 200,
  address: 300,
  /** A city, a department or a region. */
  place: 120,
  postalCode: 10,
  /** The directory's public or private status. */
  sector: 40,
} as const;
