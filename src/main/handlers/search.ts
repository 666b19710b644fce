import type { Handlers } from '../router';
import type { Services } from '../services';

export function searchHandlers(s: Services): Pick<Handlers, 'search:run' | 'request:cancel'> {
  return {
    'search:run': async (input, ctx) => s.images.noted(await s.session.run(input, ctx.signal)),
    'request:cancel': ({ requestId }) => s.session.cancel(requestId),
  };
}
