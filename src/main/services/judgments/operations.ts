import type { Implementation } from '../../router';
import type { judgmentOperations } from '../../../shared/judgments';
import type { Services } from '..';

export function judgmentImplementation(s: Services): Implementation<typeof judgmentOperations> {
  return {
    'judgments:create': ({ name, scale }) => s.judgments.create(name, scale),
    'judgments:import': (input) => s.judgments.import(input),
    'judgments:read': ({ file }) => s.judgments.read(file),
    'judgments:export': ({ file, format }) => s.judgments.export(file, format),
    'judgments:rate': (change) => s.judgments.rate(change),
    'judgments:agreement': ({ file }) => s.judgments.agreement(file),
    'judgments:set-rules': ({ file, rules }) => s.judgments.setRules(file, rules ?? null),
    'judgments:item': ({ query, itemId }) => s.judgments.itemRatings(query, itemId),
  };
}
