/** `npm run restore -- FILE`: server/cli/archive.ts. */
import { restoreCli } from './archive.ts';

export const cli = restoreCli;

if (import.meta.url === `file://${process.argv[1]}`) {
  void cli(process.argv.slice(2)).then((code) => process.exit(code));
}
