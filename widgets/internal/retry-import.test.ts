import { describe, expect, it } from 'vitest';
import { failedModuleUrl, retryableImport } from './retry-import.ts';

describe('failedModuleUrl', () => {
  it("reads the address from Chromium's and Firefox's messages, without a query; Safari's names none", () => {
    const url = 'https://spartans.example/widgets/kit-Ab12_-.js';
    expect(
      failedModuleUrl(new TypeError(`Failed to fetch dynamically imported module: ${url}`)),
    ).toBe(url);
    expect(
      failedModuleUrl(new TypeError(`error loading dynamically imported module: ${url}?retry=2`)),
    ).toBe(url);
    expect(failedModuleUrl(new TypeError('Importing a module script failed.'))).toBeNull();
  });
});

describe('retryableImport', () => {
  it('given a failure that names no address, then the next try calls the loader again', async () => {
    let calls = 0;
    const load = retryableImport(() => {
      calls += 1;
      return calls === 1 ? Promise.reject(new Error('offline')) : Promise.resolve('module');
    });
    await expect(load()).rejects.toThrow('offline');
    await expect(load()).resolves.toBe('module');
    expect(calls).toBe(2);
  });
});
