import type { HttpScenario } from '../lib/types.ts';

/** The cheapest route through our whole Fastify stack (hooks, cookies, headers, context). */
const health: HttpScenario = {
  name: 'GET /api/health',
  request: { path: '/api/health' },
  baseline: { kind: 'fastify-json' },
};

export default health;
