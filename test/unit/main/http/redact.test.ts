import { describe, expect, it } from 'vitest';
import { REDACTED, Redactor } from '../../../../src/main/services/http/redact';

describe('Redactor.body', () => {
  it('blanks credential fields at any depth of a JSON body', () => {
    const body = JSON.stringify({ access_token: 'abc', nested: [{ refresh_token: 'def', keep: 1 }] });
    expect(JSON.parse(new Redactor().body(body, 'application/json')!)).toEqual({
      access_token: REDACTED,
      nested: [{ refresh_token: REDACTED, keep: 1 }],
    });
  });

  it('finds a credential field spelled with \\u escapes', () => {
    const body = '{"access\\u005ftoken":"abc","x":1}';
    expect(JSON.parse(new Redactor().body(body, 'application/json')!)).toEqual({ access_token: REDACTED, x: 1 });
  });

  it('returns a body without credential fields as it came, byte for byte (numbers keep their spelling)', () => {
    const body = '{"items":[{"id":"A","price":100.50,"score":1.0}],"metadata":{"token":"search-token"}}';
    expect(new Redactor().body(body, 'application/json')).toBe(body);
  });

  it('still replaces secret values it knows, wherever they appear', () => {
    const redactor = new Redactor();
    redactor.remember('s3cr3t-value');
    expect(redactor.body('{"note":"s3cr3t-value"}', 'application/json')).toBe(`{"note":"${REDACTED}"}`);
  });
});
