import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generatedFiles } from './manifest.ts';
import { ROOT } from './paths.ts';

describe('npm run manifest', () => {
  it('has written the committed custom-elements.json and docs/COMPONENTS.md (else run it)', async () => {
    for (const [name, text] of Object.entries(await generatedFiles()))
      expect(fs.readFileSync(path.join(ROOT, name), 'utf8'), `${name}: run npm run manifest`).toBe(
        text,
      );
  }, 60_000);
});
