import type { CodeListing, KernelScene, SceneAccess } from '../../scenes/lessonSchema';
import { ACCESS_FIELDS, getKindFields, isDefaultField, parseBlock, type AccessSpec, type KernelParse } from '../engine';
import { analyzeKernel } from '../engine/kernel';
import { chooseKernelInstruction } from '../kernel/chooseKernelInstruction';
import { rewordLaunchFlags } from '../program/rewordLaunchFlags';

/** What reading kernel scenes needs: the C++ parser, and the preset kernels' sources by name. */
export interface LessonKernels {
  readonly parse: KernelParse;
  readonly files: Readonly<Record<string, string>>;
}

/** A kernel scene as the rest of the lesson takes it: an access, and the kernel as its code with the line lit. */
export type KernelSceneReading =
  | { readonly ok: true; readonly access: SceneAccess; readonly code: CodeListing }
  | { readonly ok: false; readonly key: string; readonly message: string };

/** An access spec as a lesson file writes it: its fields that are not their defaults, each in its written form. */
function writeSceneAccess(spec: AccessSpec): SceneAccess {
  const written: Record<string, unknown> = { pattern: spec.pattern };
  for (const key of getKindFields(spec.pattern)) {
    if (isDefaultField(spec, key)) continue;
    const field = ACCESS_FIELDS[key] as { shape: { kind: string }; write(value: unknown): string };
    const value = (spec as Record<string, unknown>)[key];
    written[key] = field.shape.kind === 'list' || field.shape.kind === 'integer' ? value : field.write(value);
  }
  return written as SceneAccess;
}

const refuse = (key: string, message: string): KernelSceneReading => ({ ok: false, key, message });

/**
 * A scene's `kernel:` read as Kernel mode opens it: the kernel analysed over its launch, and the
 * access of its line's worst instruction (or of `instance`), through the same spec "Open in
 * Explore" writes; its code panel is the kernel with that line lit.
 */
export function resolveKernelScene(kernel: KernelScene, kernels: LessonKernels): KernelSceneReading {
  if ((kernel.file === undefined) === (kernel.source === undefined))
    return refuse('file', 'a kernel scene gives file (a preset’s name) or source, one of them');
  const name = kernel.file?.replace(/\.cu$/, '');
  const source = name === undefined ? kernel.source! : kernels.files[name];
  if (source === undefined)
    return refuse('file', `there is no kernel ${name}: the presets are ${Object.keys(kernels.files).join(', ')}`);
  const block = parseBlock(String(kernel.block));
  if (!block.ok) return refuse('block', block.error.reason);
  const result = analyzeKernel(source, { block: block.value, args: kernel.args }, kernels.parse);
  if (!result.ok) {
    const e = result.errors[0];
    // The analyzer names the command line's flags; a lesson names its keys, and one to fill is where the problem is.
    const { message, field } = rewordLaunchFlags(e.message, 'lesson');
    const key = field !== null && field !== 'kernel' ? 'args' : kernel.source ? 'source' : 'file';
    return refuse(key, `the kernel's line ${e.line}, column ${e.column}: ${message}`);
  }
  const chosen = chooseKernelInstruction(result.report, {
    line: kernel.line,
    op: null,
    instance: kernel.instance ?? null,
  });
  if (!chosen.ok) return refuse('line', chosen.message);
  // Kernel mode shows a link's instance past the line's count as its last; a lesson names the mistake.
  const count = chosen.instructions.indices.length;
  if (kernel.instance !== undefined && kernel.instance > count)
    return refuse('instance', `line ${kernel.line} runs ${count} instructions over the block`);
  return {
    ok: true,
    access: writeSceneAccess(chosen.spec),
    code: { title: name ? `${name}.cu` : result.report.kernel, text: source, lit: [kernel.line] },
  };
}

/**
 * Puts each kernel scene's access and code into a lesson file's data (before its schema check), and
 * returns what is wrong with any, by path. A scene whose `kernel:` the schema refuses is left for its
 * check to report.
 */
export function applyKernelScenes(
  data: unknown,
  kernels: LessonKernels | undefined,
  isKernel: (value: unknown) => value is KernelScene,
): { path: (string | number)[]; message: string }[] {
  const scenes = (data as { scenes?: unknown } | null)?.scenes;
  if (!Array.isArray(scenes)) return [];
  return scenes.flatMap((scene: Record<string, unknown> | null, s) => {
    if (typeof scene !== 'object' || scene === null || !('kernel' in scene)) return [];
    const at = ['scenes', s, 'kernel'];
    if ('access' in scene) return [{ path: at, message: 'a scene gives an access or a kernel, not both' }];
    if (!isKernel(scene.kernel)) return [];
    if (!kernels) return [{ path: at, message: 'kernel scenes are read where the C++ parser is loaded' }];
    const read = resolveKernelScene(scene.kernel, kernels);
    if (!read.ok) return [{ path: [...at, read.key], message: read.message }];
    scene.access = read.access;
    scene.code ??= read.code;
    return [];
  });
}
