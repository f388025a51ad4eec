-- The search key of a name: lower case without accents, so that "helene" finds "Hélène".
-- Immutable, so that the prefix indexes below can use it.
CREATE OR REPLACE FUNCTION search_key(value text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(translate(value,
    'ÀÁÂÃÄÅàáâãäåÇçÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖòóôõöÙÚÛÜùúûüÝýÿŒœÆæ',
    'AAAAAAaaaaaaCcEEEEeeeeIIIIiiiiNnOOOOOoooooUUUUuuuuYyyOoAa'))
$$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_search_lastname_idx ON users (search_key(lastname) text_pattern_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_search_firstname_idx ON users (search_key(firstname) text_pattern_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_search_login_idx ON users (search_key(login) text_pattern_ops);
