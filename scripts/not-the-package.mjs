// `npm pack` (or `npm publish`) at the repository's root would pack the repository itself: the
// server, the tests, the site. The package is the library in dist/lib; `npm run pack` builds and
// packs it. This runs as the root's prepack script and stops that mistake with one sentence.
// npm also runs it before `npm run pack` (a script's "pre" script), which must go on: npm names
// the command it runs in npm_command ("pack", "publish"; "run" or "run-script" for a script).
const command = process.env.npm_command;
if (command === 'pack' || command === 'publish') {
  console.error(
    'This is the repository, not the package: `npm run pack` builds the library and packs dist/lib.',
  );
  process.exit(1);
}
