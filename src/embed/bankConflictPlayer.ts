import { createCommandMessage, readEvent, type PlayerCommand, type PlayerEventMessage } from './playerMessages';

const TAG = 'bank-conflict-player';

/**
 * The names of an access's fields, from the engine's kinds, and of the modes' own link parameters
 * (Puzzles mode's `puzzle`, `answer`; Kernel mode's), from the mode table, written in by the build
 * (see vite.config.ts) so that this element loads nothing of the engine or the player.
 */
declare const __ACCESS_FIELD_KEYS__: readonly string[];
declare const __MODE_LINK_KEYS__: readonly string[];

/**
 * Attributes that become the embedded player's link parameters, under the same names: the link's
 * own, each mode's own, and every field of an access.
 */
const LINK_ATTRIBUTES = [
  'scene',
  't',
  'round',
  'mode',
  ...__MODE_LINK_KEYS__,
  'lesson',
  'speed',
  'captions',
  'predict',
  'end',
  'lane',
  'pattern',
  ...__ACCESS_FIELD_KEYS__,
];

const STYLE = `
  :host { display: block; position: relative; aspect-ratio: 16 / 9; }
  :host([hidden]) { display: none; }
  iframe { position: absolute; inset: 0; width: 100%; height: 100%; border: 0; }
`;

/**
 * `<bank-conflict-player>`: the player in a frame, for a course page or a slide.
 *
 * @remarks
 * Its attributes are the player's link parameters (`scene="padding"`, `mode="explore"`
 * `pattern="column"` …; `src` points at another copy of the player). The player's events arrive as
 * DOM events of the same names (`ready`, `state`, `scene`, `round`, `beat`, `prediction`, `puzzle`,
 * `ended`, `error`), each message in `detail`; its commands are methods. Only this page may drive the frame
 * and hear it: the link carries `origin=` with this page's origin, and messages are taken only from
 * the frame's window at the player's origin. Commands given before `ready` wait for it.
 */
export class BankConflictPlayerElement extends HTMLElement {
  static readonly observedAttributes = [...LINK_ATTRIBUTES, 'src'];

  private readonly frame = document.createElement('iframe');
  private ready = false;
  private waiting: PlayerCommand[] = [];
  private readonly onMessage = (e: MessageEvent) => this.receive(e);

  constructor() {
    super();
    const shadow = this.attachShadow({ mode: 'open' });
    const style = document.createElement('style');
    style.textContent = STYLE;
    this.frame.title = 'Bank-conflict player';
    this.frame.allow = 'fullscreen; autoplay';
    this.frame.allowFullscreen = true;
    shadow.append(style, this.frame);
  }

  connectedCallback(): void {
    addEventListener('message', this.onMessage);
    this.load();
  }

  disconnectedCallback(): void {
    removeEventListener('message', this.onMessage);
  }

  attributeChangedCallback(name: string, before: string | null, after: string | null): void {
    if (!this.isConnected || before === after) return;
    // What the API can change in place changes without reloading the player.
    if (this.ready && name === 'scene' && after) this.goto(after);
    else if (this.ready && name === 'speed' && after && Number.isFinite(Number(after))) this.setSpeed(Number(after));
    else if (this.ready && name === 'captions') this.setCaptions(after !== 'off');
    else this.load();
  }

  /** The address the frame shows: the player in embed mode, with this element's attributes as its link. */
  get playerUrl(): URL {
    const url = new URL(
      this.getAttribute('src') ?? './',
      this.getAttribute('src') ? document.baseURI : import.meta.url,
    );
    url.search = '';
    url.searchParams.set('embed', '');
    for (const name of LINK_ATTRIBUTES) {
      const value = this.getAttribute(name);
      if (value !== null) url.searchParams.set(name, value);
    }
    if (location.origin !== 'null') url.searchParams.set('origin', location.origin);
    return url;
  }

  play(): void {
    this.send({ command: 'play' });
  }

  pause(): void {
    this.send({ command: 'pause' });
  }

  /** Seeks to a time in seconds (a number or `{ time }`) or to `{ round }`. */
  seek(to: number | { time: number } | { round: number }): void {
    this.send(typeof to === 'number' ? { command: 'seek', time: to } : { command: 'seek', ...to });
  }

  goto(scene: string): void {
    this.send({ command: 'goto', scene });
  }

  setSpeed(speed: number): void {
    this.send({ command: 'setSpeed', speed });
  }

  setCaptions(captions: boolean): void {
    this.send({ command: 'setCaptions', captions });
  }

  private load(): void {
    this.ready = false;
    this.frame.src = this.playerUrl.href;
  }

  private send(command: PlayerCommand): void {
    if (!this.ready) {
      this.waiting.push(command);
      return;
    }
    this.frame.contentWindow?.postMessage(createCommandMessage(command), this.playerUrl.origin);
  }

  private receive(e: MessageEvent): void {
    if (e.source !== this.frame.contentWindow || e.origin !== this.playerUrl.origin) return;
    const message = readEvent(e.data);
    if (!message) return;
    if (message.event === 'ready') {
      this.ready = true;
      const waiting = this.waiting;
      this.waiting = [];
      waiting.forEach((command) => this.send(command));
    }
    this.dispatchEvent(new CustomEvent<PlayerEventMessage>(message.event, { detail: message }));
  }
}

if (!customElements.get(TAG)) customElements.define(TAG, BankConflictPlayerElement);

declare global {
  interface HTMLElementTagNameMap {
    'bank-conflict-player': BankConflictPlayerElement;
  }
}
