import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clearAllHandoffs, createHandoff } from './handoff';

describe('handoffs', () => {
  it('gives a request to the view of its school only, until cleared', () => {
    const filter = createHandoff<{ uai: string; importNumber: number }>();
    const own = renderHook(() => filter.useRequest('0693284A'));
    const other = renderHook(() => filter.useRequest('0441750B'));
    act(() => filter.request({ uai: '0693284A', importNumber: 12 }));
    expect(own.result.current).toEqual({ uai: '0693284A', importNumber: 12 });
    expect(other.result.current).toBeNull();
    act(() => filter.clear());
    expect(own.result.current).toBeNull();
  });

  it('drops every pending request at once (signing out)', () => {
    const filter = createHandoff<{ uai: string; importNumber: number }>();
    const focused = createHandoff<{ uai: string; userId: number }>();
    const filterRequest = renderHook(() => filter.useRequest('0693284A'));
    const focusedRequest = renderHook(() => focused.useRequest('0693284A'));
    act(() => {
      filter.request({ uai: '0693284A', importNumber: 12 });
      focused.request({ uai: '0693284A', userId: 68 });
    });
    act(() => clearAllHandoffs());
    expect(filterRequest.result.current).toBeNull();
    expect(focusedRequest.result.current).toBeNull();
  });
});
