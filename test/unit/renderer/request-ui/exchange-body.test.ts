import { describe, expect, it } from 'vitest';
import { readableBody } from '../../../../src/renderer/src/request-ui/ExchangePanel';

describe('bodies in the exchange view', () => {
  it('indents a JSON body that came as one line', () => {
    expect(readableBody('{"token":"t","options":{"limit":24}}')).toBe('{\n  "token": "t",\n  "options": {\n    "limit": 24\n  }\n}');
    expect(readableBody('[1,2]')).toBe('[\n  1,\n  2\n]');
  });

  it('leaves anything else as it came: form bodies, text, broken JSON', () => {
    expect(readableBody('grant_type=client_credentials&client_id=x')).toBe('grant_type=client_credentials&client_id=x');
    expect(readableBody('{"cut off')).toBe('{"cut off');
    expect(readableBody('Service Unavailable')).toBe('Service Unavailable');
  });
});
