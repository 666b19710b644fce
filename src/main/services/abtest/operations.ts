import type { Implementation } from '../../router';
import type { abtestOperations } from '../../../shared/abtest';
import type { Services } from '..';

export function abtestImplementation(s: Services): Implementation<typeof abtestOperations> {
  return {
    'abtest:read': ({ file }) => s.abtests.read(file),
    'abtest:save': ({ file, test }) => s.abtests.save(file, test),
    'abtest:assign': ({ file, users }) => s.abtests.assign(file, users),
    'abtest:readout': ({ file, ...input }) => s.abtests.readout(file, input),
    'abtest:plan': ({ file, ...input }) => s.abtests.plan(file, input),
  };
}
