import type { Take } from '../../voice/Take';

export const WAVE_WIDTH = 600;
export const WAVE_HEIGHT = 80;

/** Draws a take's waveform, the part that plays shaded, and the silence threshold as two lines. */
export function drawWave(canvas: HTMLCanvasElement, take: Take | undefined): void {
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  if (!take) return;
  const { samples, span, thresholdDb } = take;
  const x = (i: number) => (i / samples.length) * canvas.width;
  ctx.fillStyle = 'rgb(86 180 233 / 25%)';
  ctx.fillRect(x(span.start), 0, x(span.end) - x(span.start), canvas.height);
  ctx.strokeStyle = '#e6edf3';
  ctx.beginPath();
  const step = Math.max(1, Math.floor(samples.length / canvas.width));
  for (let px = 0; px < canvas.width; px++) {
    let peak = 0;
    for (let i = px * step; i < Math.min(samples.length, (px + 1) * step); i++)
      peak = Math.max(peak, Math.abs(samples[i]));
    ctx.moveTo(px + 0.5, canvas.height / 2 - (peak * canvas.height) / 2);
    ctx.lineTo(px + 0.5, canvas.height / 2 + (peak * canvas.height) / 2);
  }
  ctx.stroke();
  const level = 10 ** (thresholdDb / 20);
  ctx.strokeStyle = '#e69f00';
  for (const y of [canvas.height / 2 - (level * canvas.height) / 2, canvas.height / 2 + (level * canvas.height) / 2]) {
    ctx.beginPath();
    ctx.moveTo(0, y);
    ctx.lineTo(canvas.width, y);
    ctx.stroke();
  }
}
