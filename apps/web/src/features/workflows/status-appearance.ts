import { workflows } from '@console/contract';

type DisplayedStatus = workflows.DisplayedStatus;
type QuoteStatus = workflows.QuoteStatus;

/** The four displayed states by their translation key (workflow.states.*), after the contract's STATUS_LABELS. */
export type StatusKey = 'done' | 'doing' | 'todo' | 'not_needed';

/**
 * How a step's displayed status looks: its state key, the Mantine colour of its marker (`fill`,
 * with `text` readable on it at 4.5:1 or more) and the tint of its pill.
 */
export type StatusAppearance = { key: StatusKey; fill: string; text: string; tint: string; border: string };

const APPEARANCES: Record<DisplayedStatus, StatusAppearance> = {
  1: { key: 'done', fill: 'green.8', text: 'white', tint: 'green.0', border: 'green.3' },
  0: { key: 'doing', fill: 'yellow.5', text: 'dark.9', tint: 'yellow.0', border: 'yellow.4' },
  2: { key: 'todo', fill: 'gray.3', text: 'dark.9', tint: 'gray.0', border: 'gray.3' },
  5: { key: 'not_needed', fill: 'dark.7', text: 'white', tint: 'gray.2', border: 'dark.2' },
};

/** The CSS variable of a Mantine colour written 'green.8'. */
export function colorVariable(color: string): string {
  return color === 'white' ? 'var(--mantine-color-white)' : `var(--mantine-color-${color.replace('.', '-')})`;
}

/** Done green, in progress yellow, to do grey, not needed dark (spec 1 §2). */
export function appearanceOf(status: DisplayedStatus): StatusAppearance {
  return APPEARANCES[status];
}

/**
 * 'Devis signé' follows the quote status when it is known: signed is done, pending in progress,
 * none or refused to do; otherwise what the server stored.
 */
export function quoteSignedStatusOf(quote: QuoteStatus | undefined, stored: DisplayedStatus): DisplayedStatus {
  switch (quote) {
    case 'signed':
      return 1;
    case 'pending':
      return 0;
    case 'none':
    case 'refused':
      return stored === 5 ? 5 : 2;
    default:
      return stored;
  }
}

/** The grid's symbol of a step's status: a circle by state, a grey button for 'Devis signé' not yet signed. */
export type GridSymbol = 'done' | 'second' | 'not_needed' | 'quote_pending';

export function gridSymbolOf(stepName: string, status: DisplayedStatus | undefined): GridSymbol {
  if (status === 1) return 'done';
  if (status === 5) return 'not_needed';
  if (stepName === workflows.QUOTE_SIGNED_STEP) return 'quote_pending';
  return 'second';
}

/** The state key of a displayed status. */
export function toStatusKeyOf(status: DisplayedStatus): StatusKey {
  return APPEARANCES[status].key;
}
