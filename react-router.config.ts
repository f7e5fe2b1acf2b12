import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'web',
  buildDirectory: 'build',
  ssr: true,
} satisfies Config;
