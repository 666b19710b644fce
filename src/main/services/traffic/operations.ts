import type { Implementation } from '../../router';
import type { trafficOperations } from '../../../shared/traffic';
import type { Services } from '..';

export function trafficImplementation(s: Services): Implementation<typeof trafficOperations> {
  return {
    'traffic:overview': (input) => s.traffic.overview(input.filter, input.k),
    'traffic:report': (input) => s.traffic.report(input.by, input.filter, input.k, input.limit),
    'traffic:query': (input) => s.traffic.query(input.query, input.filter, input.k),
    'traffic:worklist': (input) => s.traffic.worklist(input.kind, input.filter, input.k, input.limit),
    'traffic:save-query-set': (input) => s.traffic.saveQuerySet(input.name, input.queries, input.source),
    'traffic:sample': (input) => s.traffic.sample(input.method, input.n, input.seed, input.filter, input.name),
    'traffic:import': (input) => s.traffic.import(input.files, { positions: input.positions }),
    'traffic:simulate-demo': (input) => s.traffic.simulateDemo(input.sessions),
    'traffic:imports': () => s.traffic.imports(),
    'traffic:remove-import': (input) => s.traffic.removeImport(input.id),
  };
}
