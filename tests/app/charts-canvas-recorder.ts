// A 2D context that records what the chart painter draws, for tests (jsdom has no canvas).
export interface DrawnText {
  text: string;
  x: number;
  y: number;
  font: string;
  fillStyle: string;
}

export interface DrawnLine {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  lineWidth: number;
}

export interface DrawnRect {
  x: number;
  y: number;
  width: number;
  height: number;
  fillStyle: string;
}

export class CanvasRecorder {
  fillStyle = '#000';
  strokeStyle = '#000';
  lineWidth = 1;
  font = '';
  textAlign: CanvasTextAlign = 'start';
  textBaseline: CanvasTextBaseline = 'alphabetic';
  texts: DrawnText[] = [];
  lines: DrawnLine[] = [];
  rects: DrawnRect[] = [];
  arcs: { x: number; y: number; radius: number }[] = [];
  private path: { x: number; y: number }[] = [];

  reset(): void {
    this.texts = [];
    this.lines = [];
    this.rects = [];
    this.arcs = [];
  }
  fillRect(x: number, y: number, width: number, height: number): void {
    this.rects.push({ x, y, width, height, fillStyle: String(this.fillStyle) });
  }
  fillText(text: string, x: number, y: number): void {
    this.texts.push({ text, x, y, font: this.font, fillStyle: String(this.fillStyle) });
  }
  beginPath(): void {
    this.path = [];
  }
  moveTo(x: number, y: number): void {
    this.path = [{ x, y }];
  }
  lineTo(x: number, y: number): void {
    this.path.push({ x, y });
  }
  stroke(): void {
    const [from, to] = this.path;
    if (from && to) this.lines.push({ x1: from.x, y1: from.y, x2: to.x, y2: to.y, lineWidth: this.lineWidth });
  }
  arc(x: number, y: number, radius: number): void {
    this.arcs.push({ x, y, radius });
  }
  fill(): void {}
  save(): void {}
  restore(): void {}
  rect(): void {}
  clip(): void {}
  setTransform(): void {}

  /** The text drawn with its centre at (x, y), rounded to whole pixels. */
  textAt(x: number, y: number): string | undefined {
    return this.texts.find((t) => Math.round(t.x) === Math.round(x) && Math.abs(t.y - y) <= 1)?.text;
  }
}
