// The baseline for scenario 2: a bare React page that fetches the same positions and
// draws one absolutely positioned, numbered button per comment over the same image.
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';

interface Point {
  x: number;
  y: number;
}

function App() {
  const [points, setPoints] = useState<Point[]>([]);
  useEffect(() => {
    void fetch('/points.json')
      .then((response) => response.json() as Promise<Point[]>)
      .then(setPoints);
  }, []);
  return (
    <div className="shot">
      <img src="/screenshot.png" alt="" />
      {points.map((p, i) => (
        <button key={i} type="button" className="pin" style={{ left: `${p.x}%`, top: `${p.y}%` }}>
          {i + 1}
        </button>
      ))}
    </div>
  );
}

createRoot(document.getElementById('root')!).render(<App />);
