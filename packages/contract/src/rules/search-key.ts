const FROM = 'ÀÁÂÃÄÅàáâãäåÇçÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖòóôõöÙÚÛÜùúûüÝýÿŒœÆæ';
const TO = 'AAAAAAaaaaaaCcEEEEeeeeIIIIiiiiNnOOOOOoooooUUUUuuuuYyyOoAa';
const MAP = new Map([...FROM].map((character, index) => [character, TO[index] as string]));

/**
 * The search key of a name: accents replaced, then lower case. The same as the database's
 * `search_key` function (migration 0002), so that a typed prefix can be compared with the index.
 */
export function toSearchKey(value: string): string {
  let out = '';
  for (const character of value) out += MAP.get(character) ?? character;
  return out.toLowerCase();
}
