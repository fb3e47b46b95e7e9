import { describe, expect, it } from 'vitest';
import { securityHeaders } from './security.ts';

describe('securityHeaders', () => {
  it('adds HSTS only for a shop served over https', () => {
    expect(securityHeaders({ hsts: true })['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(securityHeaders({ hsts: false })).not.toHaveProperty('strict-transport-security');
  });
});
