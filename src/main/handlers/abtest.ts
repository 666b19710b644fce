import type { Handlers } from '../router';
import type { Services } from '../services';

export function abtestHandlers(s: Services): Pick<Handlers, 'abtest:read' | 'abtest:save' | 'abtest:readout' | 'abtest:plan'> {
  return {
    'abtest:read': ({ file }) => s.abtests.read(file),
    'abtest:save': ({ file, test }) => s.abtests.save(file, test),
    'abtest:readout': ({ file, ...input }) => s.abtests.readout(file, input),
    'abtest:plan': ({ file, ...input }) => s.abtests.plan(file, input),
  };
}
