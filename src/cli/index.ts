import { EXIT } from './command';
import { main } from './main';

/** Exits once stdout has drained, so piped JSON is never cut short and no idle socket keeps the process alive. */
function exitWith(code: number): void {
  process.stdout.write('', () => process.exit(code));
}

main(process.argv.slice(2)).then(exitWith, (err: unknown) => {
  process.stderr.write(`${String(err)}\n`);
  exitWith(EXIT.couldNotRun);
});
