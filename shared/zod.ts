/**
 * zod, configured once: without JIT, because its JIT probes with `new Function`, which the
 * site's Content Security Policy forbids in the browser. Import `z` from here, not from 'zod'.
 */
import { z } from 'zod';

z.config({ jitless: true });

export { z };
