import fc from 'fast-check';

// Every property runs at least 1,000 generated cases (CI and local alike).
fc.configureGlobal({ numRuns: Number(process.env.FC_NUM_RUNS ?? 1000) });
