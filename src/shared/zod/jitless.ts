import { z } from 'zod';

/**
 * Import first in code that runs under the renderer's CSP (the renderer and
 * the browser-mode bridge): zod would otherwise probe `new Function` on its
 * first parse, which the policy (rightly) reports as a violation.
 */
z.config({ jitless: true });
