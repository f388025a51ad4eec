import { alerts, auth, schools } from '@console/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '#test/fetch-mock';
import { ApiError, call, setSessionExpiredHandler } from './api';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('call', () => {
  it('sends the JSON body with the session cookie and returns the answer', async () => {
    const fetchMock = mockFetch({ 'POST /api/auth/login': { status: 200, body: { id: 1 } } });

    await expect(call(auth.login, { body: { login: 'a', password: 'b' } })).resolves.toEqual({ id: 1 });

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/login');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: '{"login":"a","password":"b"}' });
  });

  it('fills path parameters', async () => {
    const fetchMock = mockFetch({ 'POST /api/auth/unlock/42': { status: 200, body: { ok: true } } });
    setSessionExpiredHandler(() => {});

    await call(auth.unlockAccount, { params: { userId: 42 } });

    expect(fetchMock.mock.calls[0]![0]).toBe('/api/auth/unlock/42');
  });

  it('reads the reason and its parameters the user is told, and ignores a reason the contract does not know', async () => {
    mockFetch({
      'DELETE /api/schools/0312087C': {
        status: 409,
        body: {
          code: 'conflict',
          message: 'The school still has users',
          details: { reason: 'school_not_empty', params: { users: 3 } },
        },
      },
      'DELETE /api/schools/0312088D': { status: 409, body: { code: 'conflict', message: 'x', details: { reason: 'made_up' } } },
    });
    setSessionExpiredHandler(() => {});

    const known = await call(schools.deleteSchool, { params: { uai: '0312087C' } }).catch((caught: unknown) => caught);
    expect(known).toMatchObject({ code: 'conflict', reason: 'school_not_empty', params: { users: 3 } });
    const unknown = await call(schools.deleteSchool, { params: { uai: '0312088D' } }).catch((caught: unknown) => caught);
    expect(unknown).toMatchObject({ code: 'conflict', reason: undefined, params: {} });
  });

  it('turns an error answer into an ApiError with its code and field errors', async () => {
    mockFetch({
      'PUT /api/auth/password': {
        status: 400,
        body: { code: 'validation_failed', message: 'Invalid', details: { fieldErrors: { newPassword: ['password_rules'] } } },
      },
    });
    setSessionExpiredHandler(() => {});

    const error = await call(auth.changePassword, { body: { currentPassword: 'a', newPassword: 'b', confirmation: 'b' } }).catch(
      (caught: unknown) => caught,
    );

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'validation_failed', fieldErrors: { newPassword: ['password_rules'] } });
  });

  it('reports an unreachable server as a network_error', async () => {
    mockFetch({ 'GET /api/alerts': new TypeError('Failed to fetch') });
    await expect(call(alerts.listAlerts)).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });

  it('ends the session on a 401 from an ordinary call', async () => {
    const onExpired = vi.fn();
    setSessionExpiredHandler(onExpired);
    mockFetch({ 'POST /api/auth/logout': { status: 401, body: { code: 'unauthenticated', message: 'x' } } });

    await expect(call(auth.logout)).rejects.toMatchObject({ status: 401 });

    expect(onExpired).toHaveBeenCalledOnce();
  });

  it.each([
    ['sign-in', () => call(auth.login, { body: { login: 'a', password: 'b' } }), 'POST /api/auth/login'],
    ['sign-in by link', () => call(auth.loginWithToken, { body: { id: 'x', loginWithUrl: true } }), 'POST /api/auth/login/token'],
    ['session restore', () => call(auth.me), 'GET /api/auth/me'],
  ] as const)('leaves a 401 from the %s call to its caller', async (_name, makeCall, route) => {
    const onExpired = vi.fn();
    setSessionExpiredHandler(onExpired);
    mockFetch({ [route]: { status: 401, body: { code: 'invalid_credentials', message: 'x' } } });

    await expect(makeCall()).rejects.toMatchObject({ status: 401, code: 'invalid_credentials' });

    expect(onExpired).not.toHaveBeenCalled();
  });
});
