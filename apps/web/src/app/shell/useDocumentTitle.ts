import { useEffect } from 'react';

const SEPARATOR = ' — ';

/** Names the browser tab after what it shows, most specific first ("Utilisateurs — Collège Jean Moulin — Console ENT"). */
export function useDocumentTitle(parts: readonly (string | null | undefined)[]): void {
  const title = parts.filter(Boolean).join(SEPARATOR);
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
