/** The parameters of a Kernel mode link, in the order a link writes them. */
export const KERNEL_KEYS = ['kz', 'kernel', 'block', 'args', 'line', 'op', 'instance'] as const;

/**
 * Kernel mode's part of a link, as written: the source typed out (`kernel=`) or deflated (`kz=`),
 * the launch (`block=`, `args=`) and the instruction on stage (`line=`, `op=`, `instance=`).
 *
 * @remarks
 * Kept as text: Kernel mode, which loads on first use, reads it (see `readKernelLink`) and names
 * what it cannot use, so that neither its checks nor the inflater weigh on every visit's first load.
 */
export type KernelLink = Readonly<Partial<Record<(typeof KERNEL_KEYS)[number], string>>>;

export const NO_KERNEL_LINK: KernelLink = Object.freeze({});

/** Kernel mode's parameters of a link. */
export function readKernelParams(params: URLSearchParams): KernelLink {
  const link: Partial<Record<(typeof KERNEL_KEYS)[number], string>> = {};
  for (const key of KERNEL_KEYS) {
    const value = params.get(key);
    if (value !== null) link[key] = value;
  }
  return link;
}

/** Writes Kernel mode's parameters: the inverse of {@link readKernelParams}. */
export function writeKernelParams(params: URLSearchParams, link: KernelLink): void {
  for (const key of KERNEL_KEYS) if (link[key] !== undefined) params.set(key, link[key]);
}
