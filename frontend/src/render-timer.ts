// Measures how long a view takes from being shown to showing its data, for the browser check:
// the figure lands in the view's `data-render-ms` attribute (and nowhere else).
import type { LitElement } from "lit";

export class RenderTimer {
  private _start = performance.now();

  constructor(private readonly _host: LitElement) {}

  /** Starts measuring anew (the view loads other data). */
  public restart(): void {
    this._start = performance.now();
    delete this._host.dataset.renderMs;
  }

  /** Records the time once the host has rendered what it has now, and the browser painted. */
  public async done(): Promise<void> {
    await this._host.updateComplete;
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
    this._host.dataset.renderMs = (performance.now() - this._start).toFixed(0);
  }
}
