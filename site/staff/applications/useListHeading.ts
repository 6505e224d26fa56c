/**
 * The application list's heading: the page's title names the list (an opened application named
 * its applicant), and focus goes to the heading when the list was asked to take it
 * (`staffState.focusList`: back from an application) and after a bulk change emptied the page
 * (all its rows deleted, or moved out of this view's status: the bulk bar goes with the table).
 * Answers what to call once a bulk change is done.
 */
import { useEffect, useRef, type RefObject } from 'react';
import { documentTitle } from '../../navigation.ts';
import { staffState, type ListState } from '../data/applications.ts';

export function useListHeading(
  titleRef: RefObject<HTMLHeadingElement | null>,
  title: string,
  list: Pick<ListState, 'loading'> & { data: unknown },
) {
  useEffect(() => {
    document.title = documentTitle(`${title} · Staff Area`);
  }, [title]);
  useEffect(() => {
    if (!staffState.focusList) return;
    staffState.focusList = false;
    titleRef.current?.focus();
    // Once, on opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const afterBulk = useRef(false);
  useEffect(() => {
    if (!afterBulk.current || list.loading) return;
    afterBulk.current = false;
    if (!document.activeElement || document.activeElement === document.body) {
      titleRef.current?.focus();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [list.loading, list.data]);
  return () => {
    afterBulk.current = true;
  };
}
