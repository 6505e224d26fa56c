/**
 * The lint boundaries hold by every route: the site reaches widgets/internal/ and
 * widgets/runtime/ neither by path nor by a package.json alias, and widgets/runtime/ imports no
 * widget's folder. Each import is linted as if written in a real file of that place.
 */
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

// Without the type-aware rules: the boundaries need no types, and a program per call is slow.
const eslint = new ESLint({
  cwd: process.cwd(),
  overrideConfig: [tseslint.configs.disableTypeChecked],
});

async function refusals(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-imports')
    .map((m) => m.message);
}

describe('import boundaries', () => {
  it('given a site module, then an alias into widgets/internal is refused, as a path there is', async () => {
    const site = 'site/components/Passcode.tsx';
    expect(await refusals(site, "import '#text-input-events';\n")).toHaveLength(1);
    expect(await refusals(site, "import '#widget-root';\n")).toHaveLength(1);
    expect(
      await refusals(site, "import '../../widgets/internal/form/text-input-events.ts';\n"),
    ).toHaveLength(1);
    expect(await refusals(site, "import '../../widgets/text-input.ts';\n")).toEqual([]);
  }, 60_000);

  it("given widgets/runtime, then a widget's own folder is refused, and the runtime's are not", async () => {
    const runtime = 'widgets/runtime/server.tsx';
    expect(
      await refusals(runtime, "export { geoUrlFor } from '../hub-map/hub-logic.ts';\n"),
    ).toHaveLength(1);
    expect(await refusals(runtime, "export { httpClient } from '../internal/http.ts';\n")).toEqual(
      [],
    );
  }, 60_000);
});
