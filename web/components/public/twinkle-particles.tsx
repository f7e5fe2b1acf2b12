/** 20 decorative twinkling particles, regenerated every 5 s; random values are made only in the browser so server and client HTML match. */
import { useEffect, useState } from 'react';
import { PARTICLE_COUNT, PARTICLE_REFRESH_MS } from '../../../shared/public-behaviour';

interface Particle {
  left: number;
  top: number;
  size: number;
  delay: number;
  duration: number;
}

function makeParticles(): Particle[] {
  return Array.from({ length: PARTICLE_COUNT }, () => ({
    left: Math.random() * 100,
    top: Math.random() * 100,
    size: 2 + Math.random() * 3,
    delay: Math.random() * 3,
    duration: 1.5 + Math.random() * 2.5,
  }));
}

export function TwinkleParticles() {
  const [particles, setParticles] = useState<Particle[]>([]);
  useEffect(() => {
    const refresh = () => setParticles(makeParticles());
    const first = window.requestAnimationFrame(refresh);
    const timer = window.setInterval(refresh, PARTICLE_REFRESH_MS);
    return () => {
      window.cancelAnimationFrame(first);
      window.clearInterval(timer);
    };
  }, []);
  return (
    <span className="pointer-events-none absolute inset-0 overflow-hidden" aria-hidden="true" data-testid="particles">
      {particles.map((p, i) => (
        <span
          key={i}
          className="twinkle absolute rounded-full bg-brand"
          style={{
            left: `${p.left}%`,
            top: `${p.top}%`,
            width: p.size,
            height: p.size,
            animationDelay: `${p.delay}s`,
            animationDuration: `${p.duration}s`,
          }}
        />
      ))}
    </span>
  );
}
