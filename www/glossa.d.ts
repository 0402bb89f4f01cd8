// Types of Glossa's public JS API (`glossa.js`).

/** A problem with an answer, a spec, an item or the options. */
export interface Problem {
  /** Where: `valutazione`, `errors[2].mapping`, `techniky.politik[1]`, `controls[0].options[1].value`. */
  path: string;
  /** A stable code (`required`, `number_not_whole`, `grid_mixed_alternatives`, …). */
  code: string;
  severity: 'error' | 'warning';
  /** The message, in the task's language (answers) or for the researcher (spec, item). */
  message: string;
}

/** What `validate()` returns and `glossa:change` carries. */
export interface Report {
  valid: boolean;
  problems: Problem[];
}

/** A refusal: the report, or why nothing can be answered. */
export interface Refusal {
  valid: false;
  /** Set when the widget could not show a task, or was destroyed. */
  kind?: 'spec' | 'item' | 'options' | 'internal' | 'destroyed';
  problems: Problem[];
}

/**
 * What `glossa:error` carries, one shape for every failure (and what `validate()`/`submit()` of
 * a widget that could not show its task return).
 */
export interface GlossaError {
  valid: false;
  /** What failed: the spec, the item, the options, loading (a file, the bundle), or Glossa itself. */
  kind: 'spec' | 'item' | 'options' | 'load' | 'internal';
  /** When: fetching files or the bundle (`load`), reading the spec, item and options (`mount`), or after the widget was shown (`run`). */
  stage: 'load' | 'mount' | 'run';
  /** One line for a log: the first problem, and how many more. */
  message: string;
  /** Every problem, each with its path (empty when there is none) and a stable code (`load_failed`, `internal`, or a spec or item code). */
  problems: Problem[];
}

/** The result document (`glossa.result/1`); see `schema/result-1.json`. */
export interface ResultDoc {
  format: 'glossa.result/1';
  spec: { id: string; version: string };
  item_id: string;
  answers: Record<string, unknown>;
  shown: { order?: Record<string, string[]>; seed?: string; standards?: { score_label: string; score: number }[] };
  warnings: Problem[];
  timings: { started_at: string; submitted_at: string; duration_ms: number; active_ms: number };
  environment: {
    widget_version: string;
    ui_language: 'it' | 'en' | 'cs' | 'pl';
    locale: string;
    viewport: { width: number; height: number };
    touch: boolean;
    user_agent: string;
  };
  ids: Record<string, string>;
}

/** A draft (`glossa.draft/1`), for hosts that keep drafts themselves. */
export interface Draft {
  format: 'glossa.draft/1';
  spec_id: string;
  spec_version: string;
  item_id: string;
  [key: string]: unknown;
}

export interface MountOptions {
  /** The host submits with its own button, through `handle.submit()`. */
  hideSubmit?: boolean;
  /** Ids copied into the result (participant, assignment, …). */
  ids?: Record<string, string>;
  /** Seed for shuffled outputs. */
  seed?: string;
  /** Drafts in browser storage, restored on reload (default true). */
  autosave?: boolean;
  /** Show the item locked, with nothing to submit (previews). */
  readonly?: boolean;
  /** A draft to resume from (from `handle.draft()`). */
  resume?: Draft;
}

export interface MountConfig {
  /** The task spec: an object or its JSON text (see `schema/spec-1.json`). */
  spec: object | string;
  /** The item: an object or its JSON text. */
  item: object | string;
  options?: MountOptions;
  /** A build to use instead of the smallest that fits the spec (`full` for `handle.simulate`). */
  build?: BuildName;
}

/**
 * The handle `mount` resolves to. After `destroy()` no method throws. Every method that reads the
 * answers sees the annotator's last input, even when called in the same task as the click or
 * keystroke.
 */
export interface Handle {
  /** The current report; `{valid: false, kind: "destroyed", problems: []}` after `destroy()`. */
  validate(): Report | Refusal | GlossaError;
  /** The result document (and `glossa:submit`), or the report of what is invalid. */
  submit(): ResultDoc | Refusal | GlossaError;
  /**
   * The result document `submit()` would return now, without submitting (no event, nothing
   * locked); `null` while the answers are invalid, and after `destroy()`.
   */
  preview(): ResultDoc | null;
  /** The host stored the result: the item's draft is removed (also after `destroy()`). */
  confirm(): void;
  /** The current draft; `null` after `destroy()` or when nothing is shown. */
  draft(): Draft | null;
  /**
   * Answers as a simulated annotator (the answers go through the widget and show on screen; the
   * host then submits). Needs a build with the simulated annotators (`mount(…, {build:
   * buildFor(spec, {simulated: true})})`: `full`, or `media` for a study with media); false without it,
   * or when no valid answer was found.
   */
  simulate(seed: number): boolean;
  /** Removes the widget; a second call does nothing. */
  destroy(): void;
  /** Whether `destroy()` was called. */
  readonly destroyed: boolean;
}

/**
 * Mounts one item into `element` (its content is replaced). Resolves once the widget, or the panel
 * saying what is wrong with the spec or item, is in `element`.
 */
export function mount(element: Element, config: MountConfig): Promise<Handle>;

/** The name of a participant build (`www/pkg/<name>/`). */
export type BuildName = 'choice' | 'number' | 'grid' | 'labels' | 'rating' | 'listen' | 'full' | 'media';

/**
 * The participant builds, smallest first, with the control and block kinds each has (`null`:
 * every kind of its families) and what a spec may need beyond its kinds (`needs`: `suggest`,
 * `compose` for label groups, `media`; `null`: all).
 */
export const BUILDS: ReadonlyArray<{ name: BuildName; controls: string[] | null; blocks: string[] | null; needs?: string[] | null; simulates?: boolean }>;

/** The build a spec needs: the smallest that has every control and block kind of it. */
export function buildFor(spec: object | string, options?: { simulated?: boolean }): BuildName;

/**
 * Starts loading what a spec needs — its build, the stylesheet and the UI strings of its
 * language — once per page (`mount` does this itself; call it early to overlap the download
 * with the host's own work). With a build's name (`full` without an argument): that build alone.
 */
export function load(specOrBuild?: object | string | BuildName): Promise<unknown>;

/**
 * A simulated annotator's result for a spec and item, made without a screen (jsPsych's data-only
 * simulation): answers any annotator could give, respecting every rule. `seed` picks the
 * annotator. Loads the `full` build.
 */
export function simulate(config: MountConfig, seed?: number): Promise<ResultDoc>;

/** The languages Glossa ships UI strings for (`strings/<tag>.json`). */
export const LANGUAGES: ReadonlyArray<string>;

/** The shipped strings file a BCP 47 tag reads (`de-AT` → `de`; `en` when none). */
export function shippedLanguage(tag: string): string;

/** A spec's UI strings: its `ui_strings` over its language's file over English. */
export interface UiStrings {
  /** The spec's language tag. */
  tag: string;
  /** The shipped file it reads. */
  file: string;
  /** `rtl` for a language written right to left. */
  dir: 'ltr' | 'rtl';
  /** A string by key, as written (`host.item_of`, `submit`, …). */
  get(key: string): string | undefined;
  /** A string by key with `{name}`s filled (numbers in the language's digits) and plural choices resolved. */
  text(key: string, params?: Record<string, string | number>): string;
}

/** The UI strings of a spec (object or JSON text), for a host page's own words. */
export function strings(spec: object | string): Promise<UiStrings>;

/** The events raised on the mount element (they bubble and are composed). */
export interface GlossaEventMap {
  'glossa:ready': CustomEvent<{ version: string }>;
  'glossa:change': CustomEvent<Report>;
  'glossa:submit': CustomEvent<ResultDoc>;
  'glossa:error': CustomEvent<GlossaError>;
}
