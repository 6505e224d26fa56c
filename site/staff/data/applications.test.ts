import { beforeEach, expect, it } from 'vitest';
import * as shared from '../../../widgets/shared.ts';
import { deferred, fakeClientPerTest, httpError } from '../../../tests/http-fakes.ts';
import { fetchDetail, resetStaffState, staffState } from './applications.ts';

const client = fakeClientPerTest(shared);
beforeEach(() => resetStaffState());

const application = (id: string) => ({ data: { id, fullname: `Applicant ${id}` } });

/** Opens application a, then b before a has answered; each answer held until the test gives it. */
function openTwo() {
  const first = deferred<unknown>();
  const second = deferred<unknown>();
  client.request.mockReturnValueOnce(first.promise).mockReturnValueOnce(second.promise);
  return { first, second, a: fetchDetail('spartan', 'a'), b: fetchDetail('spartan', 'b') };
}

it('given a detail opened and then another before the first answered, then the earlier answer is dropped', async () => {
  const { first, second, a, b } = openTwo();
  second.resolve({ data: application('b') });
  await b;
  first.resolve({ data: application('a') });
  await a;
  expect(staffState.spartan.detail).toMatchObject({ data: { id: 'b' }, loading: false });
});

it('given an earlier detail failing after the later one loaded, then no error shows, and it is loading until the later one answers', async () => {
  const { first, second, a, b } = openTwo();
  first.reject(httpError(500));
  await a;
  expect(staffState.spartan.detail.loading).toBe(true);
  second.resolve({ data: application('b') });
  await b;
  expect(staffState.spartan.detail).toMatchObject({
    data: { id: 'b' },
    loading: false,
    error: null,
  });
});
