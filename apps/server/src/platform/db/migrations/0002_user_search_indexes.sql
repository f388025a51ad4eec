-- The search key of a name: lower case without accents, so that "helene" finds "Hélène".
-- Immutable, so that the indexes below can use it. contract rules/search-key.ts mirrors it.
CREATE OR REPLACE FUNCTION search_key(value text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(translate(value,
    'ÀÁÂÃÄÅàáâãäåÇçÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖòóôõöÙÚÛÜùúûüÝýÿŒœÆæ',
    'AAAAAAaaaaaaCcEEEEeeeeIIIIiiiiNnOOOOOoooooUUUUuuuuYyyOoAa'))
$$;
--> statement-breakpoint
-- In the C collation, one btree serves both a prefix LIKE and ORDER BY on the key, so that a
-- search reads the first matches in order and stops.
CREATE INDEX IF NOT EXISTS users_search_lastname_idx ON users ((search_key(lastname) COLLATE "C"), id);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_search_firstname_idx ON users ((search_key(firstname) COLLATE "C"), id);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_search_login_idx ON users ((search_key(login) COLLATE "C"), id);
