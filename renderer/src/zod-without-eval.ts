import { config } from 'zod';

/**
 * zod makes a faster parser for each object schema with `new Function`, and probes with one whether
 * it may the first time a schema is made. The page's CSP (script-src without 'unsafe-eval') refuses
 * the probe, so zod parsed with its plain functions anyway, but every page load broke the policy
 * twice (the header's and the meta tag's): noise in the browser's reports that would hide a real
 * violation. `jitless` skips the probe; parsing is as before. main.tsx imports this first, before
 * any module that makes a schema (ES modules run in import order).
 */
config({ jitless: true });
