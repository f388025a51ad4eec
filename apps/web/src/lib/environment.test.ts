import { describe, expect, it } from 'vitest';
import { environmentOf } from './environment';

describe('environmentOf', () => {
  it.each([
    ['localhost', 'local'],
    ['127.0.0.1', 'local'],
    ['console-test.example.fr', 'test'],
    ['test.console.example.fr', 'test'],
    ['preprod.console.example.fr', 'preproduction'],
    ['console.example.fr', 'preproduction'],
    ['console.connect.example.fr', null],
    ['connect-test.example.fr', null],
    ['CONNECT.example.fr', null],
  ])('reads %s as %s', (hostname, expected) => {
    expect(environmentOf(hostname)).toBe(expected);
  });
});
