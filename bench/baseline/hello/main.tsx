// The baseline for scenario 5: a bare React page with a headline and a line of text.
import { createRoot } from 'react-dom/client';

function App() {
  return (
    <main>
      <h1 elementtiming="landing-headline">Get actionable feedback on your designs</h1>
      <p>A bare React page, built with the same tools as the app.</p>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(<App />);
