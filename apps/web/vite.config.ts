import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [reactRouter()],
  environments: {
    ssr: {
      resolve: {
        // The server and the loaders must share ONE copy of the RouterContext key, so the server build
        // imports it from node_modules at run time instead of bundling its own (ARCHITECTURE §2).
        external: ['@tabayyun/site-context'],
      },
    },
  },
});
