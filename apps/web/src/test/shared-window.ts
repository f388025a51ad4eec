import { notifications } from '@mantine/notifications';
import { afterAll, beforeAll, vi } from 'vitest';
import { clearAllHandoffs } from '#lib/handoff';
import { closeRealtime } from '#lib/realtime';

/**
 * Setup of the `web` test project, whose files share their worker's modules and jsdom window
 * (`isolate: false`, apps/web/vitest.config.ts): each file starts as it would in a window of its
 * own — empty page, storage, cookies and address, no toast, no request left by one view for
 * another, no socket — and leaves no stand-in (fetch) nor spy behind.
 */
beforeAll(() => {
  document.body.replaceChildren();
  for (const attribute of [...document.documentElement.attributes]) document.documentElement.removeAttribute(attribute.name);
  window.localStorage.clear();
  window.sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]!.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  window.history.replaceState(null, '', '/');
  notifications.clean();
  clearAllHandoffs();
});

afterAll(() => {
  closeRealtime();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});
