import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  root: import.meta.dirname,
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // Component tests drive React, Mantine and AG Grid in jsdom: seconds each on a loaded machine
    // (a school picker test passed 5 s once under a full run), so no test fails for time alone.
    testTimeout: 30_000,
  },
});
