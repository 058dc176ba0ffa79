import { config } from 'zod';

/*
 * Zod compiles object parsers with `new Function` when it may, and probes for it once with a caught `new Function('')`.
 * Under the app's Content-Security-Policy (script-src 'self', no 'unsafe-eval') that probe is blocked and reported
 * as a CSP issue on every load, though the throw is swallowed. Jitless mode skips the probe and the compiling.
 */
config({ jitless: true });
