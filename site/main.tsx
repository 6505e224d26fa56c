import { render } from 'preact';
import { WealthCounter } from '../widgets/counter/WealthCounter.tsx';
import { StateBanner } from '../widgets/banner/StateBanner.tsx';
import '../widgets/internal/tokens.css';
import '../widgets/counter/counter.css';
import '../widgets/banner/banner.css';

function App() {
  return (
    <>
      <StateBanner />
      <main>
        <h1>The Spartans</h1>
        <WealthCounter />
      </main>
    </>
  );
}

const root = document.getElementById('app');
if (root) render(<App />, root);
