import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  ssr: true,
  // React Router 8 needs Node 22 and the shop supports Node 20.19, so it stays on 7. Each v8
  // behaviour is declined explicitly until the move: the build then prints no reminder for
  // each, and turning one on is a deliberate edit here.
  future: {
    v8_middleware: false,
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;
