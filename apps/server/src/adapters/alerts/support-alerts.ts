import { alerts, type Alert } from '@console/contract';
import { z } from 'zod';

/** Where the console's alerts come from. */
export type AlertSource = { fetchAlerts: () => Promise<Alert[]> };

/**
 * Reads the support host's alerts: a GET answering a list of {label, type}. Items of an unknown
 * shape are dropped; a host that is down, slow (timeout) or answers garbage gives no alerts.
 */
export function createSupportAlertSource(url: string | undefined, timeoutMs: number): AlertSource {
  return {
    async fetchAlerts() {
      if (!url) return [];
      try {
        const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
        if (!response.ok) return [];
        const items = z.array(z.unknown()).safeParse(await response.json());
        if (!items.success) return [];
        return items.data.flatMap((item) => {
          const parsed = alerts.alertSchema.safeParse(item);
          return parsed.success ? [parsed.data] : [];
        });
      } catch {
        return [];
      }
    },
  };
}
