/** `npm run backup -- FILE`: server/cli/archive.ts. */
import { backupCli } from './archive.ts';

export const cli = backupCli;

if (import.meta.url === `file://${process.argv[1]}`) {
  void cli(process.argv.slice(2)).then((code) => process.exit(code));
}
