import { waitFor } from '@testing-library/react';
import { expect, it } from 'vitest';
import { deferred, spyPerTest } from '../tests/http-fakes.ts';
import { onRouteChange, type RouteChange } from './App.tsx';
import { lazyPage } from './lazy.tsx';
import * as navigation from './navigation.ts';
import type { SiteRoute } from './route-types.ts';

spyPerTest(navigation, 'afterRouteChange');

/** A route whose page's code comes when the test says. */
function slowRoute(title: string) {
  const code = deferred<{ Page: () => null }>();
  const route: SiteRoute = {
    path: `/${title}`,
    title,
    component: lazyPage(() => code.promise, 'Page'),
  };
  const change: RouteChange = { url: route.path, previous: '/', current: { props: { route } } };
  return { code, change };
}

it('given a page still loading when the visitor goes on to another, then only the later one is announced, even if the first comes last', async () => {
  const first = slowRoute('First');
  const second = slowRoute('Second');
  onRouteChange(first.change);
  onRouteChange(second.change);
  second.code.resolve({ Page: () => null });
  await waitFor(() => expect(navigation.afterRouteChange).toHaveBeenCalledWith('Second'));
  first.code.resolve({ Page: () => null });
  // The first page's turn: its code, then the frame that onRouteChange asks for once the code
  // is in. That request comes in the same turn as ours below, or just after it: by our second
  // frame, it has run.
  await first.code.promise;
  await new Promise((resolve) => requestAnimationFrame(resolve));
  await new Promise((resolve) => requestAnimationFrame(resolve));
  expect(navigation.afterRouteChange).toHaveBeenCalledTimes(1);
});
