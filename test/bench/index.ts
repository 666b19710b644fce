import { benchAbTest, benchAbTestStore } from './abtest.bench';
import { benchAssertions } from './assertions.bench';
import { benchCalibration } from './calibration.bench';
import { benchClickModels } from './click-models.bench';
import { benchCompare, benchPace } from './compare.bench';
import { benchEmulator } from './emulator.bench';
import { benchEstimates } from './estimates.bench';
import { benchExplain } from './explain.bench';
import { benchIpc } from './ipc.bench';
import { benchJudges } from './judges.bench';
import { benchLanguages } from './languages.bench';
import { benchMatrix } from './matrix.bench';
import { benchRating } from './rating.bench';
import { benchRenderer } from './renderer.bench';
import { benchScale } from './scale.bench';
import { benchShards } from './shards.bench';
import { benchSignificance } from './significance.bench';
import { benchTraffic } from './traffic.bench';
import { benchTrafficReports } from './traffic-reports.bench';

/** `npm run bench`: every benchmark in turn, each printing its table with its peer. */
const suites: [string, () => Promise<void>][] = [
  ['ipc', benchIpc],
  ['languages', benchLanguages],
  ['emulator', benchEmulator],
  ['renderer', benchRenderer],
  ['compare', benchCompare],
  ['pace', benchPace],
  ['significance', benchSignificance],
  ['assertions', benchAssertions],
  ['explain', benchExplain],
  ['shards', benchShards],
  ['matrix', benchMatrix],
  ['rating', benchRating],
  ['scale', benchScale],
  ['traffic', benchTraffic],
  ['traffic-reports', benchTrafficReports],
  ['click-models', benchClickModels],
  ['estimates', benchEstimates],
  ['abtest', benchAbTest],
  ['abtest-store', benchAbTestStore],
  ['calibration', benchCalibration],
  ['judges', benchJudges],
];

const only = process.argv.slice(2);
for (const [name, run] of suites) {
  if (only.length > 0 && !only.includes(name)) continue;
  await run();
}
process.exit(0);
