// The baseline for scenario 2: a bare React page that fetches the same positions and
// draws one absolutely positioned, numbered button per comment over the same image,
// with the plainest reviewer filter: one button per reviewer and one for everyone.
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';

interface Point {
  x: number;
  y: number;
  /** The reviewer's index. */
  r: number;
}

function App() {
  const [points, setPoints] = useState<Point[]>([]);
  const [only, setOnly] = useState<number | null>(null);
  useEffect(() => {
    void fetch('/points.json')
      .then((response) => response.json() as Promise<Point[]>)
      .then(setPoints);
  }, []);
  const reviewers = [...new Set(points.map((p) => p.r))].sort((a, b) => a - b);
  const shown = only === null ? points : points.filter((p) => p.r === only);
  return (
    <>
      <nav>
        <button type="button" className="everyone" onClick={() => setOnly(null)}>
          All reviewers
        </button>
        {reviewers.map((r) => (
          <button key={r} type="button" className="reviewer" onClick={() => setOnly(r)}>
            Reviewer {r + 1}
          </button>
        ))}
      </nav>
      <div className="shot">
        <img src="/screenshot.png" alt="" />
        {shown.map((p, i) => (
          <button key={i} type="button" className="pin" style={{ left: `${p.x}%`, top: `${p.y}%` }}>
            {i + 1}
          </button>
        ))}
      </div>
    </>
  );
}

createRoot(document.getElementById('root')!).render(<App />);
