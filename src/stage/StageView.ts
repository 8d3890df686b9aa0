import { Container } from 'pixi.js';
import { applyTextResolution } from './applyTextResolution';
import { createStageApplication, type StageApplication } from './createStageApplication';
import { NO_OVERLAY, type FrameOverlay } from './frameOverlay';
import type { ProgramEntry } from '../program/createProgram';
import { getPictureKey, type FrameRecord, type LaneState } from '../timeline/getFrame';
import type { TimelinePlan } from '../timeline/planTimeline';
import { BankColumnView, createBankCorners, type FrameLook } from './BankColumnView';
import { CaptionBandView, getStageCaption } from './CaptionBandView';
import { LaneCalloutsView } from './LaneCalloutsView';
import { createLaneBodies, LaneView } from './LaneView';
import { listenForLaneTaps } from './listenForLaneTaps';
import { LegendView } from './LegendView';
import { groupTokens } from './groupTokens';
import { createTokenBodies, RequestToken } from './RequestToken';
import { PhaseGroupsView } from './PhaseGroupsView';
import type { ShapeAtlas } from './ShapeAtlas';
import { RoundCounterView } from './RoundCounterView';
import { FramePanelColumn } from './panels/FramePanelColumn';
import {
  chooseLayout,
  COMPOSED_SCALE,
  COMPOSED_X,
  COMPOSED_Y,
  getLaunchAlong,
  getSlotLength,
  BARE_SCALE,
  FRAME_TEXT,
  STAGE_HEIGHT,
  STAGE_WIDTH,
  WIDE,
  type StageLayout,
} from './stageGeometry';

/**
 * The Pixi (WebGL) stage: 32 lanes firing requests into 32 bank columns, drawn from frame records.
 *
 * @remarks
 * It never animates on its own: Pixi's ticker is off (`autoStart: false`) and {@link draw} renders
 * exactly one frame from a record, so the timeline stays the one clock. The logical frame (wide, or
 * tall in a box taller than wide) is scaled to fit its host with letterboxing.
 */
export class StageView {
  readonly canvas: HTMLCanvasElement;
  /** The whole 1920 × 1080 frame: the stage, and in a composed frame the panel column. */
  private readonly root = new Container();
  /** The lanes, requests and banks, with their header, legend and caption. */
  private readonly content = new Container();
  private readonly panels = new FramePanelColumn();
  /** Whether the frame holds the scene's panels too (presenting, snapshots, clips). */
  private composed = false;
  private readonly linkLayer = new Container();
  /** The lanes' bodies and the banks' frame corners, each drawn in a layer of its own from one atlas. */
  private laneBodies!: ShapeAtlas<LaneState>;
  private bankCorners!: ShapeAtlas<FrameLook>;
  /** The requests' bodies (see RequestToken). */
  private tokenBodies!: ShapeAtlas<'body'>;
  private readonly tokenLayer = new Container({ label: 'requests' });
  private callouts!: LaneCalloutsView;
  private layout: StageLayout = WIDE;
  private lanes: LaneView[] = [];
  private banks: BankColumnView[] = [];
  private header!: RoundCounterView;
  private phaseGroups!: PhaseGroupsView;
  private legend!: LegendView;
  private caption!: CaptionBandView;
  /** Burn the beat's caption into the frame (for exported clips). */
  burnCaptions = false;
  private tokens = new Map<string, RequestToken>();
  private shown: { plan: TimelinePlan; entry: ProgramEntry } | null = null;
  private title = '';
  private lastFrame: FrameRecord | null = null;
  /**
   * What the canvas holds now (the frame's picture, the overlay and the captions), or null once
   * anything else on stage changed. A draw of the same picture renders nothing: playing through a
   * reading hold then costs no GPU time, which on software WebGL is most of a page's CPU.
   */
  private painted: string | null = null;
  private contextLost = false;
  /** Drawn flipped, so `gl.readPixels` (which reads the bottom row first) returns rows top-down. */
  private upsideDown = false;
  private size = { width: 1, height: 1 };

  private constructor(
    private readonly app: StageApplication,
    private readonly host: HTMLElement | null,
    onMessage: (text: string) => void,
    onPickLane: (lane: number) => void,
  ) {
    this.canvas = app.canvas;
    this.tokenLayer.sortableChildren = true;
    this.build();
    this.root.addChild(this.content, this.panels.view);
    app.stage.addChild(this.root);
    if (host) {
      new ResizeObserver(() => this.fit()).observe(host);
      listenForLaneTaps(
        this.canvas,
        () => app.renderer.resolution,
        () => this.lanes,
        onPickLane,
      );
    }
    this.canvas.addEventListener('webglcontextlost', () => {
      this.contextLost = true;
      if (this.host) this.host.dataset.context = 'lost';
      onMessage(
        'The graphics context was lost. The stage comes back when the browser restores it; the bank cards keep working.',
      );
    });
    this.canvas.addEventListener('webglcontextrestored', () => {
      this.contextLost = false;
      this.painted = null;
      for (const atlas of this.atlases()) atlas.markLost();
      if (this.host) this.host.dataset.context = 'restored';
      onMessage('');
      // Pixi rebuilds its GL resources on restore; redraw the frame we were showing.
      requestAnimationFrame(() => this.lastFrame && this.draw(this.lastFrame, this.overlay));
    });
    this.fit();
  }

  /** Makes the lanes, banks, header, key and caption for the current layout (again, after it changes). */
  private build(): void {
    for (const child of this.content.removeChildren()) {
      if (child !== this.linkLayer && child !== this.tokenLayer) child.destroy({ children: true });
    }
    if (this.caption) {
      this.caption.view.destroy({ children: true });
      for (const atlas of this.atlases()) atlas.destroy();
    }
    const layout = this.layout;
    this.laneBodies = createLaneBodies(layout);
    this.bankCorners = createBankCorners(layout);
    this.tokenBodies = createTokenBodies(layout);
    this.lanes = Array.from({ length: 32 }, (_, i) => new LaneView(i, layout, this.laneBodies));
    this.banks = Array.from({ length: 32 }, (_, i) => new BankColumnView(i, layout, this.bankCorners));
    const laneBodyLayer = new Container({ children: this.lanes.map((l) => l.body) });
    const bankCornerLayer = new Container({ children: this.banks.flatMap((b) => b.corners) });
    this.header = new RoundCounterView(layout);
    this.phaseGroups = new PhaseGroupsView(layout);
    this.legend = new LegendView(layout);
    this.caption = new CaptionBandView(layout);
    this.callouts = new LaneCalloutsView(layout);
    this.content.addChild(
      ...this.banks.map((b) => b.view),
      bankCornerLayer,
      this.linkLayer,
      laneBodyLayer,
      ...this.lanes.map((l) => l.view),
      this.tokenLayer,
      this.header.view,
      this.phaseGroups.view,
      this.legend.view,
      this.callouts.view,
      this.caption.view,
    );
    if (this.shown) this.show(this.shown.plan, this.shown.entry);
  }

  /**
   * Creates the stage inside `host`, or rejects with a reason a person can read.
   * `onMessage` shows (or, with `''`, clears) a notice where the stage is, such as a lost context.
   */
  static async create(
    host: HTMLElement,
    onMessage: (text: string) => void,
    onPickLane: (lane: number) => void = () => {},
  ): Promise<StageView> {
    const app = await createStageApplication(
      Math.max(1, host.clientWidth),
      Math.max(1, host.clientHeight),
      window.devicePixelRatio || 1,
    );
    app.canvas.setAttribute('aria-hidden', 'true');
    host.prepend(app.canvas);
    return new StageView(app, host, onMessage, onPickLane);
  }

  /**
   * A stage of a fixed pixel size that is never put on the page: the exporter draws each frame of a
   * clip on one, so recording never disturbs the player on screen.
   */
  static async createOffscreen(
    width: number,
    height: number,
    options: { upsideDown?: boolean; composed?: boolean } = {},
  ): Promise<StageView> {
    const app = await createStageApplication(width, height, 1);
    const ignore = () => {};
    const stage = new StageView(app, null, ignore, ignore);
    stage.upsideDown = options.upsideDown ?? false;
    stage.composed = options.composed ?? false;
    stage.fitTo(width, height);
    return stage;
  }

  /** Frees the renderer and its GPU resources. */
  destroy(): void {
    this.app.destroy();
  }

  /** Replaces the requests on stage with those of `plan` (lanes and banks stay), and the entry's panels. */
  show(plan: TimelinePlan, entry: ProgramEntry): void {
    this.painted = null;
    this.shown = { plan, entry };
    this.title = entry.title;
    this.asks = entry.panels.includes('question');
    this.panels.show(this.composed ? this.shown : null);
    this.layOut();
    this.phaseGroups.show(plan.schedule);
    this.legend.show(plan.schedule);
    for (const token of this.tokens.values()) {
      token.view.destroy({ children: true });
      token.links.destroy({ children: true });
    }
    this.tokens.clear();
    const slotLength = getSlotLength(this.layout, Math.max(1, plan.schedule.longestQueue));
    const groups = groupTokens(plan.tokens);
    const launch = getLaunchAlong(this.layout, plan.schedule.phases.length > 1);
    for (const planned of plan.tokens) {
      const group = groups.get(planned.id);
      const token = new RequestToken(planned, slotLength, this.layout, this.tokenBodies, group, launch);
      this.tokens.set(planned.id, token);
      this.linkLayer.addChild(token.links);
      this.tokenLayer.addChild(token.view);
    }
    this.sharpenText();
  }

  /** Shows the scene's panels in the frame beside a smaller stage, or the stage alone. */
  setComposed(composed: boolean): void {
    if (composed === this.composed) return;
    this.composed = composed;
    this.panels.show(composed ? this.shown : null);
    this.fitTo(this.size.width, this.size.height);
  }

  /**
   * Places the stage and the panel column for the frame's current make-up. A composed frame puts
   * the caption in a band of its own below the picture, so it never covers a lane, a flight or a
   * bank; beside the panels the stage takes the room they leave, and without them the whole frame
   * above the caption.
   */
  private layOut(): void {
    const withPanels = this.composed && !this.panels.isEmpty;
    if (!this.composed) {
      this.content.scale.set(1);
      this.content.position.set(0, 0);
      this.content.addChild(this.caption.view);
      this.caption.moveTo(getStageCaption(this.layout));
      return;
    }
    const scale = withPanels ? COMPOSED_SCALE : BARE_SCALE;
    const x = withPanels ? COMPOSED_X : (STAGE_WIDTH - STAGE_WIDTH * scale) / 2;
    this.content.scale.set(scale);
    this.content.position.set(x, COMPOSED_Y);
    // The caption leaves the stage for the band below it, at a size a room can read: as wide as the
    // frame when the panels end above the band, else as wide as the stage.
    const below = COMPOSED_Y + STAGE_HEIGHT * scale;
    const whole = (withPanels ? this.panels.layOut() : 0) < below;
    this.root.addChild(this.caption.view);
    this.caption.moveTo({
      x: whole ? STAGE_WIDTH / 2 : x + (STAGE_WIDTH * scale) / 2,
      y: (below + STAGE_HEIGHT) / 2,
      width: (whole ? STAGE_WIDTH : STAGE_WIDTH * scale) - 80,
      fontSize: FRAME_TEXT.caption,
    });
  }

  private overlay: FrameOverlay = NO_OVERLAY;
  /** Whether the scene asks the room a question before it plays (it has a question panel). */
  private asks = false;

  /** Draws one frame: every view from its record, then a single render. */
  draw(frame: FrameRecord, overlay: FrameOverlay = NO_OVERLAY): void {
    this.lastFrame = frame;
    this.overlay = overlay;
    const picture = `${getPictureKey(frame)}|${JSON.stringify(overlay)}|${this.burnCaptions}`;
    if (picture === this.painted && !this.contextLost) {
      this.markPainted(frame);
      return;
    }
    const plan = this.shown?.plan;
    const revealed = overlay.revealed || frame.round > 0;
    if (plan) this.panels.update({ frame, plan, predicted: overlay.revealed, answer: overlay.answer });
    frame.lanes.forEach((record, i) => {
      this.lanes[i].update(record);
      this.lanes[i].setSelected(overlay.lanes.includes(i));
    });
    this.callouts.show(this.shown?.plan.schedule, overlay.lanes, !this.asks || revealed);
    frame.banks.forEach((record, i) => this.banks[i]?.update(record));
    // A bank with nothing in it lends its room to a neighbour's served word.
    const busy = new Set(frame.tokens.filter((t) => t.state !== 'hidden' && t.state !== 'gone').map((t) => t.bank));
    for (const record of frame.tokens)
      this.tokens.get(record.id)?.update(record, !busy.has(record.bank - 1) && !busy.has(record.bank + 1));
    RequestToken.uncoverLabels([...this.tokens.values()]);
    // A question still open must not be answered by the header's round count.
    this.header.update(frame.round, this.asks && !revealed ? null : frame.rounds, this.title);
    this.phaseGroups.update(frame);
    this.caption.show(this.burnCaptions ? (frame.beat?.text ?? '') : '');
    if (this.contextLost) return;
    // The atlases at the pixels a unit their shapes are shown at (the frame's scale, the stage's in it).
    const resolution = this.app.renderer.resolution * Math.abs(this.root.scale.x) * this.content.scale.x;
    for (const atlas of this.atlases()) atlas.draw(this.app.renderer, resolution);
    this.app.render();
    this.painted = picture;
    this.markPainted(frame);
  }

  /** Says which moment is on screen, so that anyone reading the picture (a test, a screen grab) knows it is this one. */
  private markPainted(frame: FrameRecord): void {
    if (this.host) this.host.dataset.paintedTime = String(frame.time);
  }

  private atlases(): ShapeAtlas<string>[] {
    return [this.laneBodies, this.bankCorners, this.tokenBodies];
  }

  private fit(): void {
    if (this.host) this.fitTo(Math.max(1, this.host.clientWidth), Math.max(1, this.host.clientHeight));
  }

  private fitTo(width: number, height: number): void {
    this.painted = null;
    this.size = { width, height };
    this.app.renderer.resize(width, height);
    // A composed frame is a 16:9 picture with its panels; the stage alone takes the box's shape.
    const layout = this.composed ? WIDE : chooseLayout(width, height);
    if (layout !== this.layout) {
      this.layout = layout;
      this.build();
    }
    this.layOut();
    const scale = Math.min(width / layout.width, height / layout.height);
    const top = (height - layout.height * scale) / 2;
    this.root.scale.set(scale, this.upsideDown ? -scale : scale);
    this.root.position.set((width - layout.width * scale) / 2, this.upsideDown ? height - top : top);
    this.sharpenText();
    if (this.lastFrame) this.draw(this.lastFrame, this.overlay);
  }

  /** Text rasterised at the size it is shown: crisp when the stage is scaled up. */
  private sharpenText(): void {
    applyTextResolution(this.root, this.app.renderer.resolution * Math.max(1, this.root.scale.x));
  }
}
