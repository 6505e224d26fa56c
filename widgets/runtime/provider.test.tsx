/**
 * Where the npm library's components send their calls: the prop, else the nearest
 * SpartanProvider, else nowhere (a notice in place and one console error naming the fix).
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { setupUser } from '../../tests/user-event.ts';
import { expectNoAxeViolations } from '../../tests/axe.ts';
import * as http from '../internal/http.ts';
import { fakeClientPerTest } from '../../tests/http-fakes.ts';
import { geoUrlFor } from '../hub-map/hub-logic.ts';
import { ApplyForm, Explainers, HubMap, InvestForm, LoginForm, SpartanProvider } from '../index.ts';

const SERVER = 'https://spartans.example';
const client = fakeClientPerTest(http);
let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
let consoleError: MockInstance<Console['error']>;

beforeEach(() => {
  client.post.mockResolvedValue({ data: { user: { id: 'u1', username: 'ada' }, token: 't' } });
  // The map's geometry request; never answered, the URL is what counts.
  fetchMock = vi.fn<typeof fetch>(() => new Promise(() => undefined));
  vi.stubGlobal('fetch', fetchMock);
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function logIn() {
  const user = setupUser();
  await user.type(screen.getByLabelText(/Username/), 'ada');
  await user.type(screen.getByLabelText(/Password/), 'a long passphrase');
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

const posters = (container: HTMLElement) =>
  [...container.querySelectorAll('video')].map((v) => v.getAttribute('poster'));

describe('SpartanProvider', () => {
  it('names one server for the API, the media and the map geometry', async () => {
    const { container } = render(
      <SpartanProvider server={`${SERVER}/`}>
        <LoginForm />
        <Explainers layout="grid" />
        <HubMap />
      </SpartanProvider>,
    );
    expect(posters(container)).toHaveLength(6);
    for (const poster of posters(container)) expect(poster).toMatch(`${SERVER}/media/videos/`);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith(geoUrlFor(SERVER)));
    await logIn();
    await waitFor(() => expect(client.post).toHaveBeenCalled());
    expect(http.httpClient).toHaveBeenCalledWith(SERVER);
    expect(screen.queryByRole('note')).toBeNull();
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('takes apiBase, mediaBase and geoUrl apart, and a prop wins over the provider', async () => {
    const { container } = render(
      <SpartanProvider
        server="https://unused.example"
        apiBase="https://api.example"
        mediaBase="https://cdn.example/spartans"
        geoUrl="https://cdn.example/geo.json"
      >
        <Explainers layout="grid" />
        <Explainers layout="grid" mediaBase="https://own-media.example" />
        <HubMap geoUrl="https://own-geo.example/states.json" />
        <HubMap />
        <LoginForm apiBase="https://own-api.example" />
      </SpartanProvider>,
    );
    const [fromProvider, fromProp] = [...container.querySelectorAll('.spartan-explainers')];
    for (const poster of posters(fromProvider as HTMLElement))
      expect(poster).toMatch(/^https:\/\/cdn\.example\/spartans\/media\//);
    for (const poster of posters(fromProp as HTMLElement))
      expect(poster).toMatch(/^https:\/\/own-media\.example\/media\//);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(fetchMock.mock.calls.map(([url]) => url).sort()).toEqual([
      'https://cdn.example/geo.json',
      'https://own-geo.example/states.json',
    ]);
    await logIn();
    await waitFor(() => expect(client.post).toHaveBeenCalled());
    expect(vi.mocked(http.httpClient).mock.calls).toEqual([['https://own-api.example']]);
  });
});

describe('without a server', () => {
  it('counts "/" (this origin\'s root) as a server, not as none', () => {
    const { container } = render(<Explainers layout="grid" mediaBase="/" />);
    for (const poster of posters(container)) expect(poster).toMatch(/^\/media\/videos\//);
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('the login form says so in place, calls nothing on submit, and names the fix once in the console', async () => {
    const { container, unmount } = render(<LoginForm />);
    const note = screen.getByRole('note');
    expect(note).toHaveTextContent('not connected to the Spartans server');
    await logIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This login cannot be sent: this site is not connected to the Spartans server yet.',
    );
    expect(http.httpClient).not.toHaveBeenCalled();
    expect(consoleError).toHaveBeenCalledTimes(1);
    expect(String(consoleError.mock.calls[0]![0])).toMatch(
      /<LoginForm> does not know the Spartans server.*<SpartanProvider server=.*apiBase=/,
    );
    await expectNoAxeViolations(container);
    unmount();
    render(<LoginForm />);
    expect(consoleError).toHaveBeenCalledTimes(1);
  });

  it('the elements of spartan-platform/register name their attribute as the fix (the map, which has none, its component)', async () => {
    await import('../register.ts');
    document.body.insertAdjacentHTML(
      'beforeend',
      '<spartan-login></spartan-login><spartan-explainers></spartan-explainers><spartan-hub-map></spartan-hub-map><spartan-login api-base="https://spartans.example"></spartan-login>',
    );
    try {
      await waitFor(() => expect(consoleError).toHaveBeenCalledTimes(3));
      // One each, in whichever order the three roots committed.
      const said = consoleError.mock.calls.map(([message]) => String(message)).sort();
      expect(said).toEqual(
        [
          'spartan-platform: <spartan-login> does not know the Spartans server, so it calls nothing. Give it api-base="https://your-spartans-server".',
          'spartan-platform: <spartan-explainers> does not know the Spartans server, so it calls nothing. Give it media-base="https://your-spartans-server".',
          'spartan-platform: <spartan-hub-map> does not know the Spartans server, so it calls nothing. The element has no attribute for it: use the HubMap component in a <SpartanProvider>.',
        ].sort(),
      );
      // Each in place too, in its shadow root.
      const login = document.querySelector('spartan-login')!.shadowRoot!;
      expect(login.querySelector('[role="note"]')?.textContent).toMatch(/not connected/);
    } finally {
      document.body.replaceChildren();
    }
  });

  it('a login form given authenticate needs no server and says nothing', () => {
    render(<LoginForm authenticate={() => Promise.reject(new Error('no'))} />);
    expect(screen.queryByRole('note')).toBeNull();
    expect(consoleError).not.toHaveBeenCalled();
  });

  it.each([
    ['ApplyForm', <ApplyForm key="a" />],
    ['InvestForm', <InvestForm key="i" />],
  ])('%s renders with a notice above its fields', async (name, element) => {
    const { container } = render(element);
    const form = screen.getByRole('form');
    expect(within(form).getByRole('note')).toHaveTextContent(
      'This form cannot be sent: this site is not connected to the Spartans server yet.',
    );
    await waitFor(() =>
      expect(consoleError).toHaveBeenCalledWith(expect.stringContaining(`<${name}>`)),
    );
    await expectNoAxeViolations(container);
  });

  it('the videos and the map load nothing; the hub list still works', async () => {
    const user = setupUser();
    const { container } = render(
      <>
        <Explainers layout="grid" />
        <HubMap />
      </>,
    );
    expect(container.querySelectorAll('video, img, source')).toHaveLength(0);
    const notes = screen.getAllByRole('note').map((n) => n.textContent);
    expect(notes).toEqual([
      'The videos cannot be shown: this site is not connected to the Spartans server yet.',
      'The map cannot be shown: this site is not connected to the Spartans server yet.',
    ]);
    await user.click(screen.getByRole('button', { name: 'Austin HQ' }));
    expect(screen.getByRole('region', { name: 'Hub details' })).toHaveTextContent('Austin HQ');
    expect(fetchMock).not.toHaveBeenCalled();
    await expectNoAxeViolations(container);
  });
});
