/**
 * Messages every feature shares, as translation keys (the browser translates them; the server
 * sends the keys): written once here rather than as literals beside each rule.
 */

/** A field left blank that must be filled: the spec's 'required'. */
export const REQUIRED = 'global.errors.required';
