import { describe, expect, it } from 'vitest';
import { alertsRef, listAlerts } from './alerts/index.js';
import { authRefs, changePassword, login, loginWithToken, logout, me, setLanguage } from './auth/index.js';
import { clientConfigRef, getClientConfig } from './client-config/index.js';

describe('route refs', () => {
  it.each([
    [authRefs.login, login],
    [authRefs.loginWithToken, loginWithToken],
    [authRefs.logout, logout],
    [authRefs.me, me],
    [authRefs.changePassword, changePassword],
    [authRefs.setLanguage, setLanguage],
    [clientConfigRef, getClientConfig],
    [alertsRef, listAlerts],
  ])('%j names the method and path of its route', (ref, route) => {
    expect({ method: ref.method, path: ref.path }).toEqual({ method: route.method, path: route.path });
  });
});
